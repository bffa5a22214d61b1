import type { Order } from "@paxelbox/contract";
import { useMemo } from "react";
import { Icon } from "../../components/icons";
import { useHeaderAction } from "../../components/layouts/header-actions";
import { IconButton } from "../../components/ui/icon-button";
import { bridge } from "../../lib/bridge/bridge";
import { type TKey, useT } from "../../lib/i18n/i18n";
import { shareableStoredOrder, sharePayload, showsShareButton } from "./order-share";

function ShareIcon() {
  return (
    <Icon>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4" />
      <path d="m8.2 13.2 7.6 4.4" />
    </Icon>
  );
}

interface ShareOrderButtonProps {
  /** The screen's own words for it (each screen loads only its own messages). */
  labelKey: TKey;
  testId: string;
}

/**
 * The header's share button (spec §2, §4): shares the stored order (`order_data`) through the
 * bridge, and only when that order is in one of the five shareable statuses.
 */
export function ShareOrderButton({ labelKey, testId }: ShareOrderButtonProps) {
  const { t } = useT();
  const onShare = () => {
    const order = shareableStoredOrder();
    if (!order) {
      console.info("[share] the stored order cannot be shared in its status");
      return;
    }
    void bridge.shareOrder(sharePayload(order, t));
  };
  return (
    <IconButton label={t(labelKey)} onClick={onShare} data-testid={testId}>
      <ShareIcon />
    </IconButton>
  );
}

/** Puts the share button into the web-view bar while the order's status calls for it (spec §4). */
export function useShareOrderAction(
  status: Order["status"] | undefined,
  { labelKey, testId }: ShareOrderButtonProps,
): void {
  const shown = status !== undefined && showsShareButton(status);
  const node = useMemo(
    () => (shown ? <ShareOrderButton labelKey={labelKey} testId={testId} /> : null),
    [shown, labelKey, testId],
  );
  useHeaderAction(node);
}

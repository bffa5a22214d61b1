import "../lib/i18n/messages/debug";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "../components/button";
import { routeHandle } from "../components/layouts/layout-handle";
import { PageTitle } from "../components/page-title";
import { useConfig } from "../config/use-config";
import {
  type BridgeAction,
  type BridgeChannel,
  type BridgeOutcome,
  bridge,
  bridgeLog,
  clearBridgeLog,
  detectBridge,
  subscribeBridgeLog,
} from "../lib/bridge/bridge";
import { formatRupiah } from "../lib/i18n/format";
import { useT } from "../lib/i18n/i18n";
import styles from "./debug.module.css";

export const handle = routeHandle({ layout: "webview" });

/** Hidden page: never indexed, linked nowhere. */
export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

const sample = {
  expressNumber: "PXB-DEBUG-0001",
  latitude: -6.175392,
  longitude: 106.827153,
  mapLink: "https://maps.example/place/monas",
};

/** Debug page (named route `debug`): one button per bridge call, and what each returned. */
export default function DebugRoute() {
  const { t } = useT();
  const config = useConfig();
  const [channel, setChannel] = useState<BridgeChannel | null | undefined>(undefined);
  const log = useSyncExternalStore(subscribeBridgeLog, bridgeLog, () => []);

  useEffect(() => setChannel(detectBridge()), []);

  const calls: { action: BridgeAction; run: () => Promise<BridgeOutcome> }[] = [
    { action: "closeWebView", run: () => bridge.closeWebView() },
    { action: "copyToClipboard", run: () => bridge.copyToClipboard(sample.expressNumber) },
    { action: "openMapLink", run: () => bridge.openMapLink(sample.mapLink) },
    {
      action: "openMapLocation",
      run: () => bridge.openMapLocation(sample.latitude, sample.longitude, "Monas"),
    },
    {
      action: "shareOrder",
      run: () =>
        bridge.shareOrder({
          recipientName: "Budi Santoso",
          expressNumber: sample.expressNumber,
          // As the order screens send it (`statusText`): the status as shown to people, in the page's language.
          status: t("status.CUSTOMER_TAKEN"),
          box: {
            name: `${config.productBoxName} Monas`,
            address: "Jl. Medan Merdeka, Jakarta Pusat",
            door: "A12",
          },
          paymentInfo: `QRIS · ${formatRupiah(15000)}`,
        }),
    },
    {
      action: "contactSupport",
      run: () => bridge.contactSupport({ expressNumber: sample.expressNumber, topic: "debug" }),
    },
    {
      action: "recordEvent",
      run: () => bridge.recordEvent(`Debug_${config.productBoxName}`, { source: "debug", door: "A12" }),
    },
  ];

  const channelLabel =
    channel === "android"
      ? t("debug.bridgeAndroid")
      : channel === "ios"
        ? t("debug.bridgeIos")
        : t("debug.bridgeNone");

  return (
    <div className={`stack ${styles.page}`} data-testid="debug-page">
      <PageTitle title={t("debug.title")} />
      <section className={`stack panel ${styles.card}`}>
        <h1 className={styles.title}>{t("debug.title")}</h1>
        <p className={styles.muted}>{t("debug.intro")}</p>
        <p className={`cluster ${styles.bridge}`}>
          <span className={styles.label}>{t("debug.bridge")}</span>
          <span className={styles.badge} data-channel={channel ?? "none"} data-testid="bridge-channel">
            {channel === undefined ? t("common.loading") : channelLabel}
          </span>
        </p>
      </section>

      <section className={`stack panel ${styles.card}`} aria-labelledby="debug-calls">
        <h2 id="debug-calls" className={styles.subtitle}>
          {t("debug.calls")}
        </h2>
        <div className={`stack ${styles.buttons}`}>
          {calls.map((call) => (
            <Button
              key={call.action}
              variant="secondary"
              block
              onClick={() => void call.run()}
              data-testid={`bridge-${call.action}`}
            >
              {t(`debug.${call.action}`)}
            </Button>
          ))}
        </div>
      </section>

      <section className={`stack panel ${styles.card}`} aria-labelledby="debug-log">
        <div className={styles.logHeader}>
          <h2 id="debug-log" className={styles.subtitle}>
            {t("debug.log")}
          </h2>
          {log.length > 0 ? (
            <Button variant="ghost" onClick={clearBridgeLog}>
              {t("debug.clearLog")}
            </Button>
          ) : null}
        </div>
        {/* The live region is there before the first call: one that appears with its content is not read out. */}
        <div aria-live="polite" data-testid="bridge-log">
          {log.length === 0 ? (
            <p className={styles.muted}>{t("debug.logEmpty")}</p>
          ) : (
            <ol className={`stack plain-list ${styles.log}`}>
              {log.map((entry) => (
                <li
                  key={`${entry.at}-${entry.action}-${entry.via}`}
                  className={`stack ${styles.entry}`}
                  data-testid="bridge-log-item"
                  data-action={entry.action}
                  data-via={entry.via}
                  data-fallback={entry.fallback ?? ""}
                  data-ok={entry.ok}
                >
                  <span className={styles.entryAction}>{entry.action}</span>
                  <span className={styles.entryVia} data-ok={entry.ok}>
                    {entry.via === "browser"
                      ? t("debug.viaFallback", { fallback: entry.fallback ?? "none" })
                      : t("debug.viaNative", { channel: entry.via })}
                    {entry.ok ? "" : ` · ${t("debug.failed")}`}
                  </span>
                  {entry.detail ? <code className={styles.entryDetail}>{entry.detail}</code> : null}
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </div>
  );
}

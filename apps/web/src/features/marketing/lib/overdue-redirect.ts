import type { OverdueStatus } from "@paxelbox/contract";
import { paths } from "../../../paths";

/**
 * Spec §2: a landing visit with `orderid` goes on by the drop-off's `overdueStatus`:
 * need_to_pay → /overduepayment, none → /overduepayment/success, expired → /overduepayment/expire,
 * anything else (or a failed lookup) → /. The order id and its link token travel on to the payment
 * page alone: the taken parcel's and the expired link's pages show no order, so the link's secret
 * stays out of their address (history, a screenshot, a shared link). The landing's `lang=en` goes
 * everywhere: a link holder is no member, and without scripts no choice is stored.
 */
export function overdueRedirectPath(
  overdueStatus: OverdueStatus | string | null | undefined,
  orderid: string,
  token?: string | null,
  lang?: "en",
): string {
  switch (overdueStatus) {
    case "need_to_pay":
      return paths.overdue.payment.href({ orderid, token: token || undefined, lang });
    case "none":
      return paths.overdue.success.href({ lang });
    case "expired":
      return paths.overdue.expire.href({ lang });
    default:
      return paths.home.href({ lang });
  }
}

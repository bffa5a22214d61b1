import type { OverdueStatus } from "@paxelbox/contract";
import { paths } from "../../../paths";

/**
 * Spec §2: a landing visit with `orderid` goes on by the drop-off's `overdueStatus`:
 * need_to_pay → /overduepayment, none → /overduepayment/success, expired → /overduepayment/expire,
 * anything else (or a failed lookup) → /. The order id and its link token travel along, and the
 * landing's `lang=en`: a link holder is no member, and without scripts no choice is stored.
 */
export function overdueRedirectPath(
  overdueStatus: OverdueStatus | string | null | undefined,
  orderid: string,
  token?: string | null,
  lang?: "en",
): string {
  const query = { orderid, token: token || undefined, lang };
  const search = new URLSearchParams({ orderid });
  if (token) search.set("token", token);
  if (lang) search.set("lang", lang);
  switch (overdueStatus) {
    case "need_to_pay":
      return paths.overdue.payment.href(query);
    case "none":
      return `${paths.overdue.success.href()}?${search}`;
    case "expired":
      return `${paths.overdue.expire.href()}?${search}`;
    default:
      return paths.home.href({ lang });
  }
}

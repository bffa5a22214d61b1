import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { paths } from "../../paths";
import { isFullDetail, type OverdueDetailResponse } from "./overdue-detail";

/**
 * Where the overdue page sends its visitor (spec §4 "Overdue page entry"), or `null` to stay.
 * `lang` goes to the pages that have no token to learn the language from (home, the expired link).
 */
export function overdueEntryTarget(
  detail: Pick<OverdueDropoffDetail, "id" | "status" | "overdueStatus"> | null,
  orderid: number | null,
  linkToken: string | null,
  lang?: "en",
): string | null {
  if (orderid === null || detail === null) return paths.home.href({ lang });
  const order = paths.order.href({ orderid, token: linkToken ?? undefined });
  if (detail.status === "IN_STORE" && detail.overdueStatus === "none") return order;
  if (detail.overdueStatus === "expired") return paths.overdue.expire.href({ lang });
  if (detail.status !== "IN_STORE") return order;
  return null;
}

/**
 * Where the paid fee's page sends its visitor, or `null` to stay: the expired link's page, the
 * parcel already taken (no longer in its locker), home for a detail without the link's token.
 * `lang` as for `overdueEntryTarget`.
 */
export function paidPageTarget(detail: OverdueDetailResponse, lang?: "en"): string | null {
  if (detail.overdueStatus === "expired") return paths.overdue.expire.href({ lang });
  if (detail.status !== "IN_STORE") return paths.overdue.success.href({ lang });
  if (!isFullDetail(detail)) return paths.home.href({ lang });
  return null;
}

export type PaymentReturn = "cancel" | "failed" | "success" | "refunded" | null;

/**
 * What the payment return says: `status=cancel|failed` of our own failed/cancel URLs, or the
 * `payment_status` the API puts on the single return URL of the bank-interface flow, or on any
 * return of a charge it refunded.
 */
export function paymentReturn(search: URLSearchParams): PaymentReturn {
  const status = search.get("status");
  if (status === "cancel" || status === "failed") return status;
  const gateway = search.get("payment_status");
  if (gateway === "CANCELLED") return "cancel";
  if (gateway === "FAILED") return "failed";
  if (gateway === "SUCCESS") return "success";
  // The API's word, not the gateway's: this charge was given back (the fee was already paid).
  if (gateway === "REFUNDED") return "refunded";
  return null;
}

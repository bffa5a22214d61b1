import { NumericId } from "@paxelbox/contract";

/**
 * The order id of a page's address (`orderid`), read with the contract's `NumericId`: null where it
 * names none, or something no order can have (`orderid=abc`), so the page says it has no order to
 * show instead of asking the API about it.
 */
export function orderIdOf(search: URLSearchParams): number | null {
  const parsed = NumericId.safeParse(search.get("orderid") ?? "");
  return parsed.success ? parsed.data : null;
}

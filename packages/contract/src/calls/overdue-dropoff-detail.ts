import { defineCall } from "../define-call.ts";
import { OverdueDropoffDetailResponse, OverdueDropoffParams } from "../entities/drop-off.ts";

/** Drop-off: the package form and the overdue fee of a drop-off. */
export const overdueDropoffDetail = defineCall({
  id: "overdueDropoffDetail",
  method: "GET",
  path: "/api/v1/dropoff/overdue/{orderid}",
  summary: "Overdue state of a drop-off; the full detail only for the holder of its link token",
  tag: "drop-off",
  auth: "optional",
  params: OverdueDropoffParams,
  response: OverdueDropoffDetailResponse,
});

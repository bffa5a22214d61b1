import { defineCall } from "../define-call.ts";
import {
  OverdueDropoffParams,
  OverdueDropoffSubmitBody,
  OverdueDropoffSubmitResult,
} from "../entities/drop-off.ts";

/** Drop-off: the package form and the overdue fee of a drop-off. */
export const overdueDropoffSubmit = defineCall({
  id: "overdueDropoffSubmit",
  method: "POST",
  path: "/api/v1/dropoff/overdue/{orderid}/submit",
  summary: "Record the receiver's email and invoice before paying a drop-off overdue fee",
  tag: "drop-off",
  auth: "bearer",
  statuses: [409],
  params: OverdueDropoffParams,
  body: OverdueDropoffSubmitBody,
  response: OverdueDropoffSubmitResult,
});

import { calls, type OverdueDropoffSubmitBody } from "@paxelbox/contract";
import type { z } from "zod";
import type { ApiClient } from "../../../lib/http/api-client";

type Body = z.input<typeof OverdueDropoffSubmitBody>;

/** Records the receiver's email and the invoice before paying; `data.code` 200 lets the payment go on. */
export const submitOverdue = (api: Pick<ApiClient, "request">, orderid: number, body: Body) =>
  api.request(calls.overdueDropoffSubmit, { params: { orderid }, body });

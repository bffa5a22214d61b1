import { calls, type OverdueDropoffSubmitBody } from "@paxelbox/contract";
import type { z } from "zod";
import { request } from "../../../lib/api-client";

type Body = z.input<typeof OverdueDropoffSubmitBody>;

/** Records the receiver's email and the invoice before paying; `data.code` 200 lets the payment go on. */
export const submitOverdue = (orderid: number, body: Body, token: string | null) =>
  request(calls.overdueDropoffSubmit, { params: { orderid }, body, token });

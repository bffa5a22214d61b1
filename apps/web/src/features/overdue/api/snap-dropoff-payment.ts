import { calls, type SnapDropoffPaymentBody } from "@paxelbox/contract";
import type { z } from "zod";
import { request } from "../../../lib/api-client";

type Body = z.input<typeof SnapDropoffPaymentBody>;

/** Bank-interface (SNAP) payment of the overdue fee, used when `snap_bi_dropoff` is enabled. */
export const createSnapDropoffPayment = (body: Body, token: string | null, idempotencyKey?: string) =>
  request(calls.snapDropoffPayment, { body, token, idempotencyKey });

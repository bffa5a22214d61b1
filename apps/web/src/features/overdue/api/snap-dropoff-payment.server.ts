import { calls, type SnapDropoffPaymentBody } from "@paxelbox/contract";
import type { z } from "zod";
import type { ApiClient } from "../../../lib/http/api-client";

type Body = z.input<typeof SnapDropoffPaymentBody>;

/** Bank-interface (SNAP) payment of the overdue fee, used when `snap_bi_dropoff` is enabled. */
export const createSnapDropoffPayment = (
  api: Pick<ApiClient, "request">,
  body: Body,
  idempotencyKey?: string,
) => api.request(calls.snapDropoffPayment, { body, idempotencyKey });

import { calls, type DropoffPaymentBody } from "@paxelbox/contract";
import type { z } from "zod";
import type { ApiClient } from "../../../lib/http/api-client";

type Body = z.input<typeof DropoffPaymentBody>;

/** Non-interface payment of the overdue fee (with the access token from `getPaymentToken`). */
export const createDropoffPayment = (
  api: Pick<ApiClient, "request">,
  accessToken: string,
  idempotencyKey: string | undefined,
  body: Body,
) => api.request(calls.createDropoffPayment, { query: { access_token: accessToken }, body, idempotencyKey });

import { calls } from "@paxelbox/contract";
import type { ApiClient } from "../../../lib/http/api-client";

/** Short-lived access token of the non-interface payment flow. */
export const getPaymentToken = (api: Pick<ApiClient, "request">) => api.request(calls.paymentToken, {});

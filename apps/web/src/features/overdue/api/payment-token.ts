import { calls } from "@paxelbox/contract";
import { request } from "../../../lib/api-client";

/** Short-lived access token of the non-interface payment flow. */
export const getPaymentToken = (token: string | null) => request(calls.paymentToken, { token });

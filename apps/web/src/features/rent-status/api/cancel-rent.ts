import { calls, type Order } from "@paxelbox/contract";
import { request } from "../../../lib/http/api-client";

/** Cancels a rent that is still waiting for its items (IMPORTED only; 409 otherwise). */
export const cancelRent = (orderId: Order["id"], token: string | null) =>
  request(calls.cancelRent, { body: { id: orderId }, token });

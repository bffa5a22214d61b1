import { defineCall } from "../define-call.ts";
import { Order, OrderParams } from "../entities/order.ts";

/**
 * The order detail pushed as it changes: a Server-Sent Events stream whose `order` events each
 * carry the `{ code: 200, data }` answer of the order detail call, the first one at once. A stream
 * ends with a `retry` hint when the instance stops; the screen polls the detail call meanwhile.
 */
export const orderEvents = defineCall({
  id: "orderEvents",
  method: "GET",
  path: "/api/v1/box/express/info/{orderid}/events",
  summary: "Order detail as it changes (Server-Sent Events), for its owner",
  tag: "orders",
  auth: "bearer",
  // 406: the request does not accept `text/event-stream`; 503: this instance cannot follow changes now.
  statuses: [406, 503],
  params: OrderParams,
  response: Order,
  responseType: "events",
});

import { defineCall } from "../define-call.ts";
import { AdvanceBody, AdvanceParams, AdvanceResult } from "../entities/demo.ts";

/** Demo mode only: scenarios, the locker-kiosk simulator and the order clock. */
export const advanceOrder = defineCall({
  id: "advanceOrder",
  method: "POST",
  path: "/api/demo/orders/{id}/advance",
  summary: "Move an order's clock forward by some minutes (deadlines pass without waiting)",
  tag: "demo",
  auth: "none",
  params: AdvanceParams,
  body: AdvanceBody,
  response: AdvanceResult,
  demo: true,
});

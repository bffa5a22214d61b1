import { defineCall } from "../define-call.ts";
import { Health } from "../entities/demo.ts";

/** Operations. */
export const health = defineCall({
  id: "health",
  method: "GET",
  path: "/healthz",
  summary: "200 when the database answers",
  tag: "operations",
  auth: "none",
  response: Health,
});

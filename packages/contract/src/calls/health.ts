import { defineCall } from "../define-call.ts";
import { Health, Readiness } from "../entities/demo.ts";

/** Operations: liveness (restart the process when it fails). */
export const health = defineCall({
  id: "health",
  method: "GET",
  path: "/healthz",
  summary: "200 while the process answers (no database call)",
  tag: "operations",
  auth: "none",
  response: Health,
});

/** Operations: readiness (send traffic only while it answers 200). */
export const readiness = defineCall({
  id: "readiness",
  method: "GET",
  path: "/readyz",
  summary: "200 when the database answers and has every migration; 503 otherwise and once shutdown began",
  tag: "operations",
  auth: "none",
  statuses: [503],
  response: Readiness,
});

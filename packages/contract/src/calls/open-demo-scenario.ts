import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { ScenarioParams, ScenarioQuery } from "../entities/demo.ts";

/** Demo mode only: scenarios, the locker-kiosk simulator and the order clock. */
export const openDemoScenario = defineCall({
  id: "openDemoScenario",
  method: "GET",
  path: "/api/demo/scenarios/{id}/open",
  summary: "Create a fresh record for a scenario and redirect the browser to it",
  tag: "demo",
  auth: "none",
  statuses: [409],
  params: ScenarioParams,
  query: ScenarioQuery,
  response: z.null(),
  responseType: "redirect",
  demo: true,
});

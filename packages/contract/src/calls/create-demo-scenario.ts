import { defineCall } from "../define-call.ts";
import { DemoScenario, ScenarioParams, ScenarioQuery } from "../entities/demo.ts";

/** Demo mode only: scenarios, the locker-kiosk simulator and the order clock. */
export const createDemoScenario = defineCall({
  id: "createDemoScenario",
  method: "POST",
  path: "/api/demo/scenarios/{id}",
  summary: "Create a fresh record for a scenario and return the page to open",
  tag: "demo",
  auth: "none",
  statuses: [409],
  params: ScenarioParams,
  query: ScenarioQuery,
  response: DemoScenario,
  demo: true,
});

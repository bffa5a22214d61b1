import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { DemoScenario } from "../entities/demo.ts";

/** Demo mode only: scenarios, the locker-kiosk simulator and the order clock. */
export const demoScenarios = defineCall({
  id: "demoScenarios",
  method: "GET",
  path: "/api/demo/scenarios",
  summary: "Demo scenarios (demo mode only)",
  tag: "demo",
  auth: "none",
  response: z.array(DemoScenario),
  demo: true,
});

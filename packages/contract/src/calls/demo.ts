import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import {
  AdvanceBody,
  AdvanceParams,
  AdvanceResult,
  DemoScenario,
  KioskScanBody,
  KioskScanResult,
  ScenarioParams,
  ScenarioQuery,
} from "../entities/demo.ts";

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

export const createDemoScenario = defineCall({
  id: "createDemoScenario",
  method: "POST",
  path: "/api/demo/scenarios/{id}",
  summary: "Create a fresh record for a scenario and return the page to open",
  tag: "demo",
  auth: "none",
  params: ScenarioParams,
  query: ScenarioQuery,
  response: DemoScenario,
  demo: true,
});

export const openDemoScenario = defineCall({
  id: "openDemoScenario",
  method: "GET",
  path: "/api/demo/scenarios/{id}/open",
  summary: "Create a fresh record for a scenario and redirect the browser to it",
  tag: "demo",
  auth: "none",
  params: ScenarioParams,
  query: ScenarioQuery,
  response: z.null(),
  responseType: "redirect",
  demo: true,
});

export const kioskScan = defineCall({
  id: "kioskScan",
  method: "POST",
  path: "/api/demo/kiosk/scan",
  summary: "Locker-kiosk simulator: scan a QR text, see what the locker does",
  tag: "demo",
  auth: "none",
  body: KioskScanBody,
  response: KioskScanResult,
  demo: true,
});

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

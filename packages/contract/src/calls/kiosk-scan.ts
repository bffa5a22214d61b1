import { defineCall } from "../define-call.ts";
import { KioskScanBody, KioskScanResult } from "../entities/demo.ts";

/** Demo mode only: scenarios, the locker-kiosk simulator and the order clock. */
export const kioskScan = defineCall({
  id: "kioskScan",
  method: "POST",
  path: "/api/demo/kiosk/scan",
  summary: "Locker-kiosk simulator: scan a QR text, see what the locker does",
  tag: "demo",
  auth: "none",
  statuses: [404, 409, 410, 429],
  body: KioskScanBody,
  response: KioskScanResult,
  demo: true,
});

import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { DemoOutboxEntry, DemoOutboxQuery } from "../entities/notification.ts";

/** Demo mode only: scenarios, the locker-kiosk simulator and the order clock. */
export const demoOutbox = defineCall({
  id: "demoOutbox",
  method: "GET",
  path: "/api/demo/outbox",
  summary:
    "Messages the WhatsApp sandbox, the SMS gateway sandbox and the SMTP sink received, newest first (demo mode only)",
  tag: "demo",
  auth: "none",
  query: DemoOutboxQuery,
  response: z.array(DemoOutboxEntry),
  demo: true,
});

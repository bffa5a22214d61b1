import type { FastifyInstance } from "fastify";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { notificationRoutes } from "../routes/notifications.ts";
import { type OutboxWriter, outboxWriter } from "./outbox.ts";
import { whatsappSandboxRoutes } from "./sandbox/graph-api.ts";
import { whatsappClient } from "./whatsapp.ts";
import { startNotificationWorker } from "./worker.ts";

/**
 * Messages to people (docs/notifications.md): the webhook, the sandbox in its mode, and the delivery
 * worker, which starts with the app and stops before it closes. Answers the outbox writer the
 * changes that cause messages write through, or null while notifications are off.
 */
export async function registerNotifications(
  app: FastifyInstance,
  db: Database,
  config: ApiConfig,
  selfOrigin: () => string,
): Promise<OutboxWriter | null> {
  const settings = config.notifications;
  notificationRoutes(app, db, settings);
  if (settings.whatsapp === "off") return null;

  const sandbox =
    settings.whatsapp === "sandbox" ? await whatsappSandboxRoutes(app, db, settings, selfOrigin) : undefined;
  const send = whatsappClient({
    graphUrl: () => (settings.whatsapp === "sandbox" ? `${selfOrigin()}/demo/whatsapp` : settings.graphUrl),
    version: settings.graphVersion,
    phoneNumberId: settings.phoneNumberId,
    token: settings.token,
    timeoutMs: settings.timeoutMs,
  });
  let stopWorker: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopWorker = startNotificationWorker(db, {
      send,
      metrics: app.metrics,
      log: app.log,
      publicOrigin: () => app.publicOrigin(),
      maxAttempts: settings.maxAttempts,
      leaseMs: settings.timeoutMs + 30_000,
      intervalMs: settings.pollIntervalMs,
    });
  });
  app.addHook("preClose", async () => {
    await stopWorker?.();
    await sandbox?.settled();
  });
  return outboxWriter(app.log);
}

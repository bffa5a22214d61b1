import type { FastifyInstance } from "fastify";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { notificationRoutes } from "../routes/notifications.ts";
import { smtpSender } from "./email.ts";
import { outboxWriter } from "./outbox.ts";
import { whatsappSandboxRoutes } from "./sandbox/graph-api.ts";
import { smsSandboxPrefix, smsSandboxRoutes } from "./sandbox/sms-gateway.ts";
import { type SmtpSink, startSmtpSink } from "./sandbox/smtp-sink.ts";
import { notificationSchedule, type ScheduledOutbox, throttled } from "./schedule.ts";
import { smsGatewayClient } from "./sms.ts";
import { whatsappClient } from "./whatsapp.ts";
import { startNotificationWorker } from "./worker.ts";

/**
 * Messages to people (docs/notifications.md): the webhook, the stand-ins in demo mode (the WhatsApp
 * sandbox, the SMS gateway sandbox, the SMTP sink), and the delivery worker, which starts with the
 * app and stops when its shutdown begins; its rounds also sweep for time-driven messages (`schedule.ts`).
 * Answers the outbox writer the changes that cause messages write through, or null while every
 * channel is off.
 */
export async function registerNotifications(
  app: FastifyInstance,
  db: Database,
  config: ApiConfig,
  selfOrigin: () => string,
): Promise<ScheduledOutbox | null> {
  const settings = config.notifications;
  notificationRoutes(app, db, settings);
  if (settings.whatsapp === "off" && settings.email === "off") return null;

  const sandbox =
    settings.whatsapp === "sandbox" ? await whatsappSandboxRoutes(app, db, settings, selfOrigin) : undefined;
  const whatsapp =
    settings.whatsapp === "off"
      ? undefined
      : whatsappClient({
          graphUrl: () =>
            settings.whatsapp === "sandbox" ? `${selfOrigin()}/demo/whatsapp` : settings.graphUrl,
          version: settings.graphVersion,
          phoneNumberId: settings.phoneNumberId,
          token: settings.token,
          timeoutMs: settings.timeoutMs,
        });
  if (settings.sms === "sandbox") smsSandboxRoutes(app, db, settings);
  // Only WhatsApp messages fall back to SMS: without WhatsApp, nothing is sent by SMS.
  const sms =
    settings.sms === "off" || !whatsapp
      ? undefined
      : smsGatewayClient({
          baseUrl: () =>
            settings.sms === "sandbox"
              ? `${selfOrigin()}${smsSandboxPrefix}`
              : (settings.smsGatewayUrl ?? ""),
          apiKey: settings.smsApiKey,
          sender: settings.smsSender,
          timeoutMs: settings.smsTimeoutMs,
        });
  // The sink (demo mode without SMTP_URL only) listens on loopback from the app's start to its close.
  let sink: SmtpSink | undefined;
  const email =
    settings.email === "off"
      ? undefined
      : smtpSender({
          url: () =>
            settings.email === "sink" ? (sink?.url() ?? "smtp://127.0.0.1:1") : (settings.smtpUrl ?? ""),
          from: settings.mailFrom,
          product: config.productName,
          timeoutMs: settings.smtpTimeoutMs,
        });
  const channels = {
    whatsapp: settings.whatsapp !== "off",
    email: settings.email !== "off",
    partnershipInbox: settings.partnershipInbox,
  };
  const schedule = notificationSchedule(app.log, channels, settings);
  app.addHook("onReady", async () => {
    if (settings.email === "sink") sink = await startSmtpSink(db, app.log);
    const stopWorker = startNotificationWorker(db, {
      senders: { whatsapp, email, sms },
      metrics: app.metrics,
      log: app.log,
      publicOrigin: () => app.publicOrigin(),
      maxAttempts: settings.maxAttempts,
      // Longer than one try can take on any channel.
      leaseMs: Math.max(settings.timeoutMs, 3 * settings.smtpTimeoutMs, settings.smsTimeoutMs) + 30_000,
      intervalMs: settings.pollIntervalMs,
      beforeRound: throttled(settings.sweepIntervalMs, () => schedule.sweep(db)),
      withdraw: (id) => schedule.withdrawIfGone(db, id),
    });
    // Stopped alongside the HTTP drain, not before it: a slow provider holds up neither the requests
    // in flight nor the close past its bound (the send in flight is aborted: `plugins/shutdown.ts`).
    // The stand-ins close after the worker, which may be sending to them.
    app.shutdown.stopOnShutdown(async (abort) => {
      await stopWorker(abort);
      await sandbox?.settled();
      await sink?.close();
    });
  });
  return { ...outboxWriter(app.log, channels, config.productName), writeDue: schedule.writeDue };
}

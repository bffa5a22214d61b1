import { calls } from "@paxelbox/contract";
import { SMTPServer } from "smtp-server";
import { describe, expect, it, vi } from "vitest";
import { buildApp, loadConfig } from "../../src/app.ts";
import { webhookSignature } from "../../src/notifications/webhook.ts";
import { failure, pgliteTemplate } from "../helpers.ts";

const production = {
  NODE_ENV: "production",
  DATA_DIR: "memory://",
  LOG_LEVEL: "silent",
  PUBLIC_BASE_URL: "https://paxelbox.example",
  PAYMENT_SECRET: "production-payment-secret-0123",
  CAPTCHA_SECRET: "production-captcha-secret-0123",
};

describe("notifications in production", () => {
  it("reach nothing of the sandbox or the demo, and trust none of the sandbox's secrets", async () => {
    const sandbox = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }).notifications;
    // No SMTP sink is started: no SMTP server of ours listens, whatever the channels.
    const listen = vi.spyOn(SMTPServer.prototype, "listen");
    for (const env of [
      production,
      {
        ...production,
        NOTIFICATIONS: "on",
        WHATSAPP_TOKEN: "EAAG",
        WHATSAPP_PHONE_NUMBER_ID: "1",
        WHATSAPP_APP_SECRET: "real-secret",
        WHATSAPP_VERIFY_TOKEN: "real-verify",
        SMTP_URL: "smtp://mailer:secret@127.0.0.1:1",
        MAIL_FROM: "PaxelBox <no-reply@paxelbox.example>",
        PARTNERSHIP_INBOX: "kemitraan@paxelbox.example",
      },
    ]) {
      const app = await buildApp(loadConfig(env), { databaseTemplate: await pgliteTemplate() });
      try {
        expect(["off", "cloud"]).toContain(loadConfig(env).notifications.whatsapp);
        expect(["off", "smtp"]).toContain(loadConfig(env).notifications.email);
        await app.ready();
        for (const [method, url] of [
          ["GET", "/api/demo/outbox"],
          ["POST", `/demo/whatsapp/v23.0/${sandbox.phoneNumberId}/messages`],
        ] as const) {
          expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
        }
        const raw = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
        failure(
          await app.inject({
            method: "POST",
            url: calls.whatsappWebhook.path,
            headers: {
              "content-type": "application/json",
              "x-hub-signature-256": webhookSignature(sandbox.appSecret, raw),
            },
            payload: raw,
          }),
          401,
        );
        failure(
          await app.inject({
            method: "GET",
            url: calls.whatsappWebhookVerification.path,
            query: { "hub.mode": "subscribe", "hub.verify_token": sandbox.verifyToken, "hub.challenge": "1" },
          }),
          403,
        );
        // The webhook is in the API reference; the demo's outbox is not.
        const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
          paths: Record<string, Record<string, unknown>>;
        };
        expect(Object.keys(document.paths[calls.whatsappWebhook.path] ?? {}).sort()).toEqual(["get", "post"]);
        expect(document.paths[calls.demoOutbox.path]).toBeUndefined();
      } finally {
        await app.close();
      }
    }
    expect(listen).not.toHaveBeenCalled();
    listen.mockRestore();
  });

  it("do not start with NOTIFICATIONS=on and an SMTP setting missing: the error names it", () => {
    const whatsapp = {
      WHATSAPP_TOKEN: "EAAG",
      WHATSAPP_PHONE_NUMBER_ID: "1",
      WHATSAPP_APP_SECRET: "real-secret",
      WHATSAPP_VERIFY_TOKEN: "real-verify",
    };
    expect(() => loadConfig({ ...production, ...whatsapp, NOTIFICATIONS: "on" })).toThrow(
      "SMTP_URL and MAIL_FROM and PARTNERSHIP_INBOX must be set in production with NOTIFICATIONS=on",
    );
    expect(() =>
      loadConfig({
        ...production,
        ...whatsapp,
        NOTIFICATIONS: "on",
        SMTP_URL: "smtp://mailer:secret@smtp.example.id:587",
        MAIL_FROM: "PaxelBox <no-reply@paxelbox.example>",
      }),
    ).toThrow("PARTNERSHIP_INBOX must be set for e-mail");
  });
});

describe("the SMTP sink in demo mode", () => {
  it("listens on loopback only while the app runs", async () => {
    const listen = vi.spyOn(SMTPServer.prototype, "listen");
    const app = await buildApp(loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent" }), {
      databaseTemplate: await pgliteTemplate(),
    });
    try {
      await app.ready();
      expect(listen).toHaveBeenCalledTimes(1);
      expect(listen.mock.calls[0]?.slice(0, 2)).toEqual([0, "127.0.0.1"]);
    } finally {
      await app.close();
      listen.mockRestore();
    }
  });
});

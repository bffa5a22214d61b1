import { calls } from "@paxelbox/contract";
import { SMTPServer } from "smtp-server";
import { describe, expect, it, vi } from "vitest";
import { buildApp, loadConfig } from "../../src/app.ts";
import { webhookSignature } from "../../src/notifications/webhook.ts";
import { configOn, failure, pgliteTemplate } from "../helpers.ts";

const production = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://paxelbox@db.internal:5432/paxelbox",
  DATA_DIR: "memory://",
  LOG_LEVEL: "silent",
  PUBLIC_BASE_URL: "https://paxelbox.example",
  PAYMENT_SECRET: "production-payment-secret-0123",
  CAPTCHA_SECRET: "production-captcha-secret-0123",
};

/** Infobip's SMS API, as an operator configures it. */
const infobip = {
  SMS_GATEWAY_URL: "https://xyz123.api.infobip.com/",
  SMS_API_KEY: "real-infobip-key",
  SMS_SENDER: "PaxelBox",
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
        ...infobip,
      },
    ]) {
      const app = await buildApp(configOn(undefined, env), { databaseTemplate: await pgliteTemplate() });
      try {
        expect(["off", "cloud"]).toContain(loadConfig(env).notifications.whatsapp);
        expect(["off", "smtp"]).toContain(loadConfig(env).notifications.email);
        expect(["off", "infobip"]).toContain(loadConfig(env).notifications.sms);
        await app.ready();
        for (const [method, url] of [
          ["GET", "/api/demo/outbox"],
          ["POST", `/demo/whatsapp/v23.0/${sandbox.phoneNumberId}/messages`],
          ["POST", "/demo/infobip/sms/2/text/advanced"],
        ] as const) {
          const headers = { authorization: `App ${sandbox.smsApiKey}` };
          expect((await app.inject({ method, url, headers })).statusCode, `${method} ${url}`).toBe(404);
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

describe("the SMS channel's configuration", () => {
  it("is optional in production, the sandbox only with DEMO=1, Infobip when configured with all three settings", () => {
    expect(loadConfig(production).notifications.sms).toBe("off");
    expect(loadConfig({ ...production, DEMO: "1" }).notifications.sms).toBe("sandbox");
    expect(loadConfig({ ...production, DEMO: "1", NOTIFICATIONS: "off" }).notifications.sms).toBe("off");
    expect(loadConfig({ ...production, ...infobip }).notifications).toMatchObject({
      sms: "infobip",
      smsGatewayUrl: "https://xyz123.api.infobip.com",
      smsApiKey: "real-infobip-key",
      smsSender: "PaxelBox",
    });
    expect(() => loadConfig({ ...production, SMS_GATEWAY_URL: infobip.SMS_GATEWAY_URL })).toThrow(
      "SMS_API_KEY and SMS_SENDER must be set for SMS",
    );
    expect(() => loadConfig({ ...production, SMS_API_KEY: "key" })).toThrow(
      "SMS_GATEWAY_URL and SMS_SENDER must be set for SMS",
    );
    expect(() => loadConfig({ ...production, ...infobip, SMS_SENDER: "A sender id too long" })).toThrow(
      /SMS_SENDER is 3 to 11 letters/,
    );
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

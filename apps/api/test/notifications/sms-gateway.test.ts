import { calls, type DemoOutboxEntry } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/app.ts";
import { outboxWriter } from "../../src/notifications/outbox.ts";
import { smsGatewayClient } from "../../src/notifications/sms.ts";
import { renderSms } from "../../src/notifications/sms-templates.ts";
import { call, ok, scenario, useApp, useServer } from "../helpers.ts";

/**
 * The SMS channel on one machine: the adapter against this installation's sandbox of Infobip's SMS
 * API (what it checks, what it answers, what it keeps for `GET /api/demo/outbox`), the WhatsApp
 * sandbox's test numbers without WhatsApp and the fallback they show. (Production never mounts the
 * sandbox: `production.test.ts`.)
 */
const app = useApp({ NOTIFICATIONS_POLL_MS: "50" });
const origin = useServer(app);

const sandbox = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }).notifications;
const gateway = (apiKey = sandbox.smsApiKey) =>
  smsGatewayClient({
    baseUrl: () => `${origin()}/demo/infobip`,
    apiKey,
    sender: "PaxelBox",
    timeoutMs: 5_000,
  });

const parameters = (link: string) => [
  "Dewi",
  "Kurir Kilat",
  "Stasiun Sudirman",
  "7",
  "2 days",
  "3 Dec 2026 14:05 WIB",
  "Rp. 5.000",
  link,
];

async function outbox(to?: string): Promise<DemoOutboxEntry[]> {
  return ok(calls.demoOutbox, await call(app(), calls.demoOutbox, to ? { query: { to } } : {}));
}

describe("the SMS gateway sandbox (Infobip's SMS API)", () => {
  it("takes the adapter's text, answers PENDING with a messageId, and shows it in the demo outbox", async () => {
    expect(sandbox.sms).toBe("sandbox");
    const link = "https://paxelbox.example/order?orderid=9&token=abc";
    const result = await gateway()({
      to: "6281234500001",
      template: "dropoff_stored",
      language: "en",
      parameters: parameters(link),
    });
    expect(result).toEqual({ kind: "accepted", messageId: expect.stringMatching(/^sandbox-/) });
    const messageId = result.kind === "accepted" ? result.messageId : null;
    const [kept] = await app().db.query<{ request: unknown }>(
      "select request from sms_sandbox_messages where id = $1",
      [messageId],
    );
    const text = renderSms("dropoff_stored", "en", parameters(link));
    expect(kept?.request).toEqual({
      destinations: [{ to: "6281234500001" }],
      from: "PaxelBox",
      text,
      callbackData: JSON.stringify({ template: "dropoff_stored", language: "en" }),
    });
    expect(await outbox("081234500001")).toEqual([
      {
        id: messageId,
        channel: "sms",
        to: "6281234500001",
        from: "PaxelBox",
        template: "dropoff_stored",
        language: "en",
        text,
        links: [link],
        status: "sent",
        receivedAt: expect.any(String),
      },
    ]);
  });

  it("answers as Infobip does: the status object, a bulk id for several destinations, errors as requestError", async () => {
    const post = (body: unknown, key = sandbox.smsApiKey) =>
      fetch(`${origin()}/demo/infobip/sms/2/text/advanced`, {
        method: "POST",
        headers: { authorization: `App ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const two = await post({
      messages: [{ destinations: [{ to: "6281234500002" }, { to: "12" }], from: "PaxelBox", text: "Tes" }],
    });
    expect(two.status).toBe(200);
    expect(await two.json()).toEqual({
      bulkId: expect.any(String),
      messages: [
        {
          to: "6281234500002",
          messageId: expect.any(String),
          smsCount: 1,
          status: {
            groupId: 1,
            groupName: "PENDING",
            id: 26,
            name: "PENDING_ACCEPTED",
            description: "Message sent to next instance",
          },
        },
        {
          to: "12",
          messageId: expect.any(String),
          status: expect.objectContaining({
            groupId: 5,
            groupName: "REJECTED",
            name: "REJECTED_DESTINATION",
          }),
        },
      ],
    });
    const forged = await post(
      { messages: [{ destinations: [{ to: "6281234500003" }], text: "x" }] },
      "App-key",
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      requestError: { serviceException: { messageId: "UNAUTHORIZED", text: "Invalid login details" } },
    });
    const empty = await post({ messages: [{ destinations: [], text: "x" }] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { requestError: unknown }).requestError).toMatchObject({
      serviceException: { messageId: "BAD_REQUEST" },
    });
    expect(await outbox("6281234500003")).toEqual([]);
    expect((await outbox("6281234500002")).map((entry) => [entry.text, entry.template])).toEqual([
      ["Tes", "sms"],
    ]);
  });

  it("makes the adapter give up on a wrong key, a rejected destination, or parameters that do not fit", async () => {
    const message = {
      template: "dropoff_stored",
      language: "id",
      parameters: parameters("https://x.example/o"),
    } as const;
    expect(await gateway("not-the-key")({ ...message, to: "6281234500004" })).toEqual({
      kind: "refused",
      error: "401 UNAUTHORIZED Invalid login details",
    });
    expect(await gateway()({ ...message, to: "0812" })).toEqual({
      kind: "refused",
      error: "REJECTED REJECTED_DESTINATION Invalid destination address.",
    });
    expect(
      await gateway()({ ...message, parameters: message.parameters.slice(0, 7), to: "6281234500004" }),
    ).toEqual({
      kind: "refused",
      error: "7 parameters do not fit dropoff_stored",
    });
    expect(await outbox("6281234500004")).toEqual([]);
  });
});

describe("a WhatsApp sandbox test number without WhatsApp", () => {
  /**
   * A drop-off for `phone`, its message written as the kiosk's store writes it (the scenario's own
   * overdue notice went to the scenario's number).
   */
  async function parcelFor(phone: string): Promise<{ orderId: number; link: string }> {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderId = Number(params.get("orderid"));
    const token = params.get("token") ?? "";
    await app().db.query("update orders set recipient_phone = $2 where id = $1", [orderId, phone]);
    await app().db.transaction((tx) =>
      outboxWriter(
        app().log,
        {
          whatsapp: true,
          email: true,
          partnershipInbox: "x@example.id",
        },
        "Paxel",
      ).dropoffStored(tx, {
        orderId,
        token,
      }),
    );
    return { orderId, link: `${origin()}/order?orderid=${orderId}&token=${token}` };
  }

  it("is reported failed with error 131026, and the recipient gets the SMS with the same link", async () => {
    const { orderId, link } = await parcelFor("0899131026001");
    await expect
      .poll(async () => (await outbox("0899131026001")).map((entry) => `${entry.channel} ${entry.status}`), {
        timeout: 15_000,
        interval: 100,
      })
      .toEqual(["sms sent", "whatsapp failed"]);
    const [sms, whatsapp] = await outbox("0899131026001");
    expect(whatsapp?.links).toEqual([link]);
    expect(sms).toMatchObject({
      channel: "sms",
      to: "62899131026001",
      template: "dropoff_stored",
      language: "id",
    });
    expect(sms?.links).toEqual([link]);
    expect(sms?.text).toMatch(/^Halo Rina Kartika, paket dari Toko Batik Sekar Arum ada di loker/);
    const [status] = await app().db.query<{ error: string }>(
      "select error from notification_statuses where provider_message_id = $1 and status = 'failed'",
      [whatsapp?.id],
    );
    expect(status?.error).toBe("131026 Message undeliverable");
    // The sandbox keeps the SMS while the worker's send is under way; the row is marked sent (and
    // its link dropped) once the send has returned.
    await expect
      .poll(
        () =>
          app().db.query<{ channel: string; status: string; link: string | null }>(
            "select channel, status, link from notification_outbox where order_id = $1 and event = 'dropoff-stored' order by id",
            [orderId],
          ),
        { timeout: 5_000, interval: 100 },
      )
      .toEqual([
        { channel: "whatsapp", status: "sent", link: null },
        { channel: "sms", status: "sent", link: null },
      ]);
  });

  it("any other number gets WhatsApp only", async () => {
    const { orderId } = await parcelFor("081234500010");
    await expect
      .poll(async () => (await outbox("6281234500010"))[0]?.status, { timeout: 15_000, interval: 100 })
      .toBe("delivered");
    expect((await outbox("6281234500010")).map((entry) => entry.channel)).toEqual(["whatsapp"]);
    const rows = await app().db.query<{ channel: string; link: string | null }>(
      "select channel, link from notification_outbox where order_id = $1 and event = 'dropoff-stored'",
      [orderId],
    );
    expect(rows).toEqual([{ channel: "whatsapp", link: null }]);
  });
});

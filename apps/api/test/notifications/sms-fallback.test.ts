import { calls, WhatsAppWebhook } from "@paxelbox/contract";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/database.ts";
import { smsGatewayClient } from "../../src/notifications/sms.ts";
import { recordStatuses, webhookSignature } from "../../src/notifications/webhook.ts";
import { whatsappClient } from "../../src/notifications/whatsapp.ts";
import { type DeliveryOptions, deliverDue } from "../../src/notifications/worker.ts";
import { ok, scenario, useApp } from "../helpers.ts";
import { useScriptedProvider } from "../scripted-provider.ts";
import { deliveryOptions, statusWebhook } from "./stand-ins.ts";

/**
 * The SMS fallback of WhatsApp messages, against stand-ins of the Graph API and of Infobip's SMS API
 * whose answers each test scripts, and the API's own signed webhook: a `failed` status with error
 * 131026 and a WhatsApp row given up each write the event's SMS, once; a delivered message or another
 * failure writes none; the SMS is sent as Infobip's API takes it, retried on 5xx, 429 (after its
 * Retry-After) and timeouts, and given up as the other channels are.
 */
let ids = 0;
const graph = useScriptedProvider(() => ({
  messaging_product: "whatsapp",
  messages: [{ id: `wamid.FALLBACK${++ids}` }],
}));
const infobip = useScriptedProvider(() => ({
  messages: [
    {
      to: "x",
      status: { groupId: 1, groupName: "PENDING", id: 26, name: "PENDING_ACCEPTED" },
      messageId: `sms-${++ids}`,
    },
  ],
}));

// The Cloud API and Infobip channels, the worker too slow to take part: each test runs the rounds.
const appSecret = "fallback-app-secret";
const app = useApp({
  WHATSAPP_TOKEN: "EAAG-test-token",
  WHATSAPP_PHONE_NUMBER_ID: "123456789012345",
  WHATSAPP_APP_SECRET: appSecret,
  WHATSAPP_VERIFY_TOKEN: "test-verify-token",
  WHATSAPP_GRAPH_URL: "http://127.0.0.1:1",
  SMS_GATEWAY_URL: "http://127.0.0.1:1",
  SMS_API_KEY: "infobip-test-key",
  SMS_SENDER: "PaxelBox",
  NOTIFICATIONS_POLL_MS: "60000",
});

const whatsapp = () =>
  whatsappClient({
    graphUrl: graph.origin,
    version: "v23.0",
    phoneNumberId: "123456789012345",
    token: "EAAG-test-token",
    timeoutMs: 1_500,
  });
const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions =>
  deliveryOptions(
    app(),
    {
      whatsapp: whatsapp(),
      sms: smsGatewayClient({
        baseUrl: infobip.origin,
        apiKey: "infobip-test-key",
        sender: "PaxelBox",
        timeoutMs: 1_500,
      }),
    },
    overrides,
  );

interface Row {
  channel: string;
  status: string;
  attempts: number;
  idempotency_key: string;
  template: string;
  language: string;
  recipient: string;
  parameters: string[];
  link: string | null;
  provider_message_id: string | null;
  delivery_status: string | null;
  last_error: string | null;
  next_attempt_at: Date;
}
/** The order's outbox rows by channel. */
async function rowsOf(orderId: number): Promise<Partial<Record<"whatsapp" | "sms", Row>>> {
  const rows = await app().db.query<Row>(
    "select * from notification_outbox where order_id = $1 order by id",
    [orderId],
  );
  expect(rows.filter((row) => row.channel === "sms").length).toBeLessThanOrEqual(1);
  return Object.fromEntries(rows.map((row) => [row.channel, row]));
}
const due = () =>
  app().db.query("update notification_outbox set next_attempt_at = now() where status = 'pending'");

/** A drop-off stored now (the demo scenario writes its WhatsApp message as the kiosk does). */
async function storedParcel(): Promise<number> {
  return Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
}
/** A stored parcel whose WhatsApp message the Cloud API accepted; answers the order and its wamid. */
async function sentParcel(): Promise<{ orderId: number; wamid: string }> {
  const orderId = await storedParcel();
  expect((await deliverDue(app().db, options())).sent).toBe(1);
  const row = (await rowsOf(orderId)).whatsapp;
  expect(row).toMatchObject({ status: "sent" });
  return { orderId, wamid: row?.provider_message_id ?? "" };
}

/** A status webhook as Meta posts it, signed with the app secret. */
function postStatus(id: string, status: "delivered" | "failed", errors?: { code: number; title: string }[]) {
  const raw = JSON.stringify(statusWebhook(id, status, errors));
  return app().inject({
    method: "POST",
    url: calls.whatsappWebhook.path,
    headers: { "content-type": "application/json", "x-hub-signature-256": webhookSignature(appSecret, raw) },
    payload: raw,
  });
}
const undeliverable = [{ code: 131026, title: "Message undeliverable" }];

const metric = async (name: string, channel: string) => {
  const text = await app().metrics.registry.metrics();
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}{channel="${channel}",template="dropoff_stored"}`));
  return Number(line?.split(" ").at(-1) ?? 0);
};

beforeEach(async () => {
  // Earlier tests' messages are out of the way: each test sees only its own.
  await app().db.query("update notification_outbox set status = 'dead' where status = 'pending'");
  for (const provider of [graph, infobip]) {
    provider.received.length = 0;
    provider.script = [];
  }
});

describe("WhatsApp reports the number undeliverable (131026)", () => {
  it("the signed webhook writes the event's SMS once, which goes out as Infobip's SMS API takes it", async () => {
    const { orderId, wamid } = await sentParcel();
    // Until its delivery is settled, the WhatsApp row keeps the link the SMS may need.
    const link = (await rowsOf(orderId)).whatsapp?.link;
    expect(link).toMatch(new RegExp(`^/order\\?orderid=${orderId}&token=`));
    const sentBefore = await metric("paxelbox_notifications_sent_total", "sms");

    expect(ok(calls.whatsappWebhook, await postStatus(wamid, "failed", undeliverable))).toEqual({
      statuses: 1,
      recorded: 1,
    });
    const rows = await rowsOf(orderId);
    expect(rows.whatsapp).toMatchObject({ status: "sent", delivery_status: "failed", link: null });
    expect(rows.sms).toMatchObject({
      status: "pending",
      attempts: 0,
      idempotency_key: `dropoff-stored:order:${orderId}`,
      template: "dropoff_stored",
      language: "id",
      recipient: "62811222233333",
      parameters: rows.whatsapp?.parameters,
      link,
    });
    // Meta's repeat of the webhook changes nothing.
    expect(ok(calls.whatsappWebhook, await postStatus(wamid, "failed", undeliverable)).recorded).toBe(0);
    await rowsOf(orderId);

    expect(await deliverDue(app().db, options())).toEqual({ sent: 1, retried: 0, dead: 0 });
    const [request] = infobip.received;
    expect(request?.url).toBe("/sms/2/text/advanced");
    expect(request?.headers.authorization).toBe("App infobip-test-key");
    const body = request?.body as { messages: { text: string }[] };
    const text = body.messages[0]?.text ?? "";
    expect(body).toEqual({
      messages: [
        {
          destinations: [{ to: "62811222233333" }],
          from: "PaxelBox",
          text,
          callbackData: JSON.stringify({ template: "dropoff_stored", language: "id" }),
        },
      ],
    });
    expect(text).toMatch(/^Halo Rina Kartika, paket dari Toko Batik Sekar Arum ada di loker .+ pintu \w+\./);
    expect(text.endsWith(`QR pengambilan: https://paxelbox.example${link}`)).toBe(true);
    expect((await rowsOf(orderId)).sms).toMatchObject({
      status: "sent",
      attempts: 1,
      provider_message_id: expect.stringMatching(/^sms-/),
      link: null,
    });
    expect(await metric("paxelbox_notifications_sent_total", "sms")).toBe(sentBefore + 1);
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 0 });
  });

  it("falls back too when the failure was reported before the message id was recorded", async () => {
    const orderId = await storedParcel();
    // Meta's report outruns our write of the id: it is kept, and acted on when the id is written.
    await postStatus("wamid.EARLY-FAILURE", "failed", undeliverable);
    graph.script = [{ status: 200, body: { messages: [{ id: "wamid.EARLY-FAILURE" }] } }];
    expect((await deliverDue(app().db, options())).sent).toBe(1);
    const rows = await rowsOf(orderId);
    expect(rows.whatsapp).toMatchObject({ status: "sent", delivery_status: "failed", link: null });
    expect(rows.sms).toMatchObject({ status: "pending", link: expect.stringMatching(/^\/order\?orderid=/) });
  });

  it("sends no SMS for a message WhatsApp delivered, or one that failed for another reason", async () => {
    const delivered = await sentParcel();
    expect(ok(calls.whatsappWebhook, await postStatus(delivered.wamid, "delivered")).recorded).toBe(1);
    // A failure reported after the delivery (Meta's reports come out of order, or twice): the
    // recipient has the message; no SMS.
    await postStatus(delivered.wamid, "failed", undeliverable);
    // Other failures (here: outside the 24-hour window) are not the number's: no SMS either.
    const other = await sentParcel();
    await postStatus(other.wamid, "failed", [{ code: 131047, title: "Re-engagement message" }]);
    for (const { orderId } of [delivered, other]) {
      const rows = await rowsOf(orderId);
      expect(rows.sms).toBeUndefined();
      // Settled: the link is no longer kept.
      expect(rows.whatsapp?.link).toBeNull();
    }
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(infobip.received).toEqual([]);
  });
});

/**
 * The database with each transaction that runs a statement matching `statement` kept open before
 * its commit until `commit()`: one instance's transaction caught between its writes and their commit.
 */
function holdingCommit(db: Database, statement: RegExp) {
  let reached = () => {};
  const atCommit = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let commit = () => {};
  const committing = new Promise<void>((resolve) => {
    commit = resolve;
  });
  const held: Database = {
    ...db,
    transaction: (work) =>
      db.transaction(async (tx) => {
        let matched = false;
        const result = await work({
          query: (sql, params) => {
            if (statement.test(sql)) matched = true;
            return tx.query(sql, params);
          },
        });
        if (matched) {
          reached();
          await committing;
        }
        return result;
      }),
  };
  return { db: held, atCommit, commit };
}

/** Resolves once `call` has settled, or once a session of the test's database waits for a lock. */
async function settledOrWaiting(call: Promise<unknown>): Promise<void> {
  let settled = false;
  call.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) {
    const [locks] = await app().db.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_locks
        where not granted and database = (select oid from pg_database where datname = current_database())`,
    );
    if (locks?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// PGlite runs one transaction at a time: the race needs a server's connections.
describe.runIf(Boolean(process.env.DATABASE_URL))(
  "the 131026 status and the record of the message id on two instances at once (PostgreSQL)",
  () => {
    const failed = (wamid: string) => WhatsAppWebhook.parse(statusWebhook(wamid, "failed", undeliverable));
    const expectFallback = async (orderId: number) => {
      const rows = await rowsOf(orderId);
      expect(rows.whatsapp).toMatchObject({ status: "sent", delivery_status: "failed", link: null });
      expect(rows.sms).toMatchObject({
        status: "pending",
        link: expect.stringMatching(/^\/order\?orderid=/),
      });
    };

    it("falls back when the webhook's transaction commits while the worker records the id", async () => {
      const orderId = await storedParcel();
      const wamid = "wamid.RACE-WEBHOOK-FIRST";
      graph.script = [{ status: 200, body: { messages: [{ id: wamid }] } }];
      // The webhook's instance has written the status and not yet committed.
      const webhook = holdingCommit(app().db, /insert into notification_statuses/);
      const recording = recordStatuses(webhook.db, failed(wamid), app().metrics, true);
      await webhook.atCommit;
      // The worker's instance records the message id meanwhile (or waits for the webhook's record).
      const round = deliverDue(app().db, options());
      await settledOrWaiting(round);
      webhook.commit();
      expect((await recording).recorded).toBe(1);
      expect((await round).sent).toBe(1);
      await expectFallback(orderId);
    });

    it("falls back when the worker's record of the id commits while the webhook records the status", async () => {
      const orderId = await storedParcel();
      const wamid = "wamid.RACE-SEND-FIRST";
      graph.script = [{ status: 200, body: { messages: [{ id: wamid }] } }];
      // The worker's instance has written the message id and not yet committed.
      const worker = holdingCommit(app().db, /set status = 'sent'/);
      const round = deliverDue(worker.db, options());
      await worker.atCommit;
      // The webhook's instance records the status meanwhile (or waits for the worker's record).
      const recording = recordStatuses(app().db, failed(wamid), app().metrics, true);
      await settledOrWaiting(recording);
      worker.commit();
      expect((await round).sent).toBe(1);
      expect((await recording).recorded).toBe(1);
      await expectFallback(orderId);
    });
  },
);

describe("a WhatsApp message given up", () => {
  it("falls back to SMS when refused at once, and when out of tries", async () => {
    const refused = await storedParcel();
    graph.script = [{ status: 400, body: { error: { message: "(#100) Invalid parameter", code: 100 } } }];
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    let rows = await rowsOf(refused);
    expect(rows.whatsapp).toMatchObject({ status: "dead" });
    expect(rows.sms).toMatchObject({ status: "pending", link: rows.whatsapp?.link });
    expect(rows.sms?.link).toMatch(/^\/order\?orderid=/);
    expect(await deliverDue(app().db, options())).toEqual({ sent: 1, retried: 0, dead: 0 });

    const exhausted = await storedParcel();
    graph.script = [{ status: 500 }, { status: 502 }, { status: 503 }, "hang"];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await deliverDue(app().db, options({ senders: { whatsapp: whatsapp() } }));
      await due();
      expect((await rowsOf(exhausted)).sms).toBeUndefined();
    }
    expect((await deliverDue(app().db, options({ senders: { whatsapp: whatsapp() } }))).dead).toBe(1);
    // Without the SMS channel (no sender), a WhatsApp row dies alone.
    expect((await rowsOf(exhausted)).sms).toBeUndefined();

    const last = await storedParcel();
    graph.script = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await due();
      await deliverDue(app().db, options());
    }
    rows = await rowsOf(last);
    expect(rows.whatsapp).toMatchObject({ status: "dead", attempts: 4 });
    expect(rows.sms).toMatchObject({ status: "pending", attempts: 0 });
    expect(await deliverDue(app().db, options())).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect((await rowsOf(last)).sms).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("a WhatsApp message Meta throttles (its error code, with HTTP 400)", () => {
  /** Meta's answer to a message over a rate limit: HTTP 400, the limit in `error.code`. */
  const throttled = (code: number, message: string) => ({
    status: 400,
    body: {
      error: {
        message,
        type: "OAuthException",
        code,
        error_data: { messaging_product: "whatsapp", details: "Message failed to send" },
        fbtrace_id: `Trace${code}`,
      },
    },
  });

  it("is tried again, neither given up nor sent by SMS, and sent once the Cloud API takes it; the pair rate limit waits a minute", async () => {
    const orderId = await storedParcel();
    const deadBefore = await metric("paxelbox_notifications_dead_lettered_total", "whatsapp");
    const retriedBefore = await metric("paxelbox_notifications_retried_total", "whatsapp");
    // The 07:00 sweep's messages to one recipient in a row: Meta's pair rate limit (131056).
    graph.script = [throttled(131056, "(#131056) (Business Account, Consumer Account) pair rate limit hit")];
    const started = Date.now();
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 1, dead: 0 });
    let rows = await rowsOf(orderId);
    expect(rows.whatsapp).toMatchObject({ status: "pending", attempts: 1 });
    expect(rows.whatsapp?.last_error).toBe(
      "400 131056 (#131056) (Business Account, Consumer Account) pair rate limit hit (fbtrace_id Trace131056)",
    );
    expect(rows.sms).toBeUndefined();
    // Not after the first backoff (2.5–5 s), which would meet the same limit: a minute at least.
    expect((rows.whatsapp?.next_attempt_at.getTime() ?? 0) - started).toBeGreaterThanOrEqual(60_000);
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 0 });

    // The throughput (130429): tried again with the backoff alone (second try: 5–10 s).
    await due();
    graph.script = [throttled(130429, "(#130429) Rate limit hit")];
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 1, dead: 0 });
    rows = await rowsOf(orderId);
    expect(rows.whatsapp).toMatchObject({ status: "pending", attempts: 2 });
    expect(rows.whatsapp?.last_error).toMatch(/^400 130429 /);
    expect((rows.whatsapp?.next_attempt_at.getTime() ?? 0) - Date.now()).toBeLessThan(15_000);
    expect(rows.sms).toBeUndefined();

    // Meta takes it: sent on WhatsApp once, no SMS, no dead letter.
    await due();
    expect(await deliverDue(app().db, options())).toEqual({ sent: 1, retried: 0, dead: 0 });
    rows = await rowsOf(orderId);
    expect(rows.whatsapp).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(rows.sms).toBeUndefined();
    expect(graph.received).toHaveLength(3);
    expect(infobip.received).toEqual([]);
    expect(await metric("paxelbox_notifications_dead_lettered_total", "whatsapp")).toBe(deadBefore);
    expect(await metric("paxelbox_notifications_retried_total", "whatsapp")).toBe(retriedBefore + 2);
  });

  it("tells throttling from a refusal by the error code: Meta's throttling and temporary codes are tried again whatever the status, any other 4xx code is given up and goes by SMS as before", async () => {
    const send = () =>
      whatsapp()({
        to: "6281122223333",
        template: "rent_ending",
        language: "id",
        parameters: ["a", "b", "c", "d"],
      });
    // Meta's throttling errors (4, 80007, 130429, 131048, 131056) and its "try again later" ones.
    for (const code of [4, 80007, 130429, 131048, 131056, 2, 131000, 131016, 131057, 133004]) {
      graph.script = [
        { status: 400, body: { error: { message: `(#${code}) x`, type: "OAuthException", code } } },
      ];
      expect((await send()).kind, `code ${code}`).toBe("retry");
    }
    // A Retry-After header still counts; the pair rate limit's minute is the least wait.
    graph.script = [{ status: 400, headers: { "retry-after": "300" }, body: { error: { code: 130429 } } }];
    expect(await send()).toMatchObject({ kind: "retry", retryAfterMs: 300_000 });
    graph.script = [{ status: 400, body: { error: { code: 131056 } } }];
    expect(await send()).toMatchObject({ kind: "retry", retryAfterMs: 60_000 });
    // Refusals that waiting does not change: the number, the template, the request, the token.
    for (const [status, code] of [
      [400, 131026],
      [404, 132001],
      [400, 132000],
      [400, 100],
      [401, 190],
      [400, 131047],
    ] as const) {
      graph.script = [{ status, body: { error: { message: `(#${code}) x`, type: "OAuthException", code } } }];
      expect((await send()).kind, `code ${code}`).toBe("refused");
    }
    // A 5xx stays a retry whatever its code.
    graph.script = [{ status: 500, body: { error: { code: 132001 } } }];
    expect((await send()).kind).toBe("retry");

    // End to end: a template Meta does not know is given up at once, and the message goes by SMS.
    const orderId = await storedParcel();
    graph.script = [
      {
        status: 404,
        body: {
          error: {
            message: "(#132001) Template name does not exist in the translation",
            type: "OAuthException",
            code: 132001,
            fbtrace_id: "TraceRefused",
          },
        },
      },
    ];
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 1 });
    const rows = await rowsOf(orderId);
    expect(rows.whatsapp).toMatchObject({ status: "dead", attempts: 1 });
    expect(rows.whatsapp?.last_error).toMatch(/^404 132001 .+ \(fbtrace_id TraceRefused\)$/);
    expect(rows.sms).toMatchObject({ status: "pending", link: rows.whatsapp?.link });
  });
});

describe("SMS delivery", () => {
  /** A parcel whose WhatsApp message was refused: its SMS is due. */
  async function smsDue(): Promise<number> {
    const orderId = await storedParcel();
    graph.script = [{ status: 400 }];
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    expect((await rowsOf(orderId)).sms?.status).toBe("pending");
    return orderId;
  }

  it("tries again after 5xx, 429 (not before its Retry-After) and a timeout, then gives up after the last try", async () => {
    const orderId = await smsDue();
    const retriedBefore = await metric("paxelbox_notifications_retried_total", "sms");
    const deadBefore = await metric("paxelbox_notifications_dead_lettered_total", "sms");
    infobip.script = [
      {
        status: 503,
        body: { requestError: { serviceException: { messageId: "GENERAL_ERROR", text: "busy" } } },
      },
      { status: 429, headers: { "retry-after": "120" }, body: {} },
      "hang",
      { status: 500 },
    ];
    expect((await deliverDue(app().db, options())).retried).toBe(1);
    let sms = (await rowsOf(orderId)).sms;
    expect(sms).toMatchObject({ status: "pending", attempts: 1, last_error: "503 GENERAL_ERROR busy" });
    expect((await deliverDue(app().db, options())).sent).toBe(0);

    await due();
    expect((await deliverDue(app().db, options())).retried).toBe(1);
    sms = (await rowsOf(orderId)).sms;
    expect(sms?.last_error).toMatch(/^429/);
    expect((sms?.next_attempt_at.getTime() ?? 0) - Date.now()).toBeGreaterThan(115_000);

    await due();
    expect((await deliverDue(app().db, options())).retried).toBe(1);
    expect((await rowsOf(orderId)).sms?.last_error).toBe("timeout");

    await due();
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    sms = (await rowsOf(orderId)).sms;
    // A dead SMS keeps its link, to be sent again once the cause is fixed; nothing falls back from it.
    expect(sms).toMatchObject({ status: "dead", attempts: 4, link: expect.stringMatching(/^\/order/) });
    expect(infobip.received).toHaveLength(4);
    expect(await metric("paxelbox_notifications_retried_total", "sms")).toBe(retriedBefore + 3);
    expect(await metric("paxelbox_notifications_dead_lettered_total", "sms")).toBe(deadBefore + 1);
    expect(
      await app().db.query("select 1 from notification_outbox where order_id = $1", [orderId]),
    ).toHaveLength(2);
  });

  it("gives up at once when the gateway refuses: a 4xx answer, or the message REJECTED", async () => {
    const unauthorized = await smsDue();
    infobip.script = [
      {
        status: 401,
        body: {
          requestError: { serviceException: { messageId: "UNAUTHORIZED", text: "Invalid login details" } },
        },
      },
    ];
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    expect((await rowsOf(unauthorized)).sms).toMatchObject({
      status: "dead",
      attempts: 1,
      last_error: "401 UNAUTHORIZED Invalid login details",
    });

    const rejected = await smsDue();
    infobip.script = [
      {
        status: 200,
        body: {
          messages: [
            {
              to: "62811222233333",
              status: { groupId: 5, groupName: "REJECTED", id: 12, name: "REJECTED_NOT_ENOUGH_CREDITS" },
              messageId: "sms-rejected",
            },
          ],
        },
      },
    ];
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    expect((await rowsOf(rejected)).sms).toMatchObject({
      status: "dead",
      last_error: "REJECTED REJECTED_NOT_ENOUGH_CREDITS",
    });
  });
});

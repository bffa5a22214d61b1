import { readFileSync } from "node:fs";
import path from "node:path";
import { calls } from "@paxelbox/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../src/db/database.ts";
import { outboxWriter } from "../../src/notifications/outbox.ts";
import { whatsappClient } from "../../src/notifications/whatsapp.ts";
import { type DeliveryOptions, deliverDue, retryDelayMs } from "../../src/notifications/worker.ts";
import { scenario, useApp } from "../helpers.ts";
import { useScriptedProvider } from "../scripted-provider.ts";
import { deliveryOptions } from "./stand-ins.ts";

/**
 * Delivery against the Cloud API protocol with a stand-in Graph API whose answers each test scripts:
 * the exact request, retries on 5xx, 429 (after its Retry-After) and timeouts, the dead letter after
 * the last try, and one message per event with two workers claiming at once.
 */
let messageIds = 0;
const graph = useScriptedProvider(() => ({
  messaging_product: "whatsapp",
  contacts: [{ input: "x", wa_id: "x" }],
  messages: [{ id: `wamid.TEST${++messageIds}` }],
}));
const received = graph.received;

// The Cloud API channel, its worker too slow to take part: each test runs the rounds itself.
const app = useApp({
  WHATSAPP_TOKEN: "EAAG-test-token",
  WHATSAPP_PHONE_NUMBER_ID: "123456789012345",
  WHATSAPP_APP_SECRET: "test-app-secret",
  WHATSAPP_VERIFY_TOKEN: "test-verify-token",
  WHATSAPP_GRAPH_URL: "http://127.0.0.1:1",
  NOTIFICATIONS_POLL_MS: "60000",
});

/** The Cloud API client, giving up on a request after `timeoutMs`. */
const whatsappSender = (timeoutMs: number) =>
  whatsappClient({
    graphUrl: graph.origin,
    version: "v23.0",
    phoneNumberId: "123456789012345",
    token: "EAAG-test-token",
    timeoutMs,
  });
const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions =>
  deliveryOptions(app(), { whatsapp: whatsappSender(300) }, overrides);

interface Row {
  id: number;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  provider_message_id: string | null;
  link: string | null;
}
const rowOf = async (orderId: number) =>
  (await app().db.query<Row>("select * from notification_outbox where order_id = $1", [orderId]))[0] as Row;
/** Makes every pending message due now (time passing). */
const due = () =>
  app().db.query("update notification_outbox set next_attempt_at = now() where status = 'pending'");

/**
 * Runs `work` as an instance whose clock is `aheadMs` ahead of the database's: its code reads
 * `Date.now()` ahead, the database's calls run on the right time (PGlite's clock is this process's).
 */
async function withClockAhead<T>(aheadMs: number, work: (db: Database) => Promise<T>): Promise<T> {
  const right = Date.now;
  let inDatabase = 0;
  const clock = vi.spyOn(Date, "now").mockImplementation(() => right() + (inDatabase > 0 ? 0 : aheadMs));
  const db = app().db;
  const onTime = async <R>(call: () => Promise<R>) => {
    inDatabase++;
    try {
      return await call();
    } finally {
      inDatabase--;
    }
  };
  try {
    return await work({
      ...db,
      query: (sql, params) => onTime(() => db.query(sql, params)),
      transaction: (inside) => onTime(() => db.transaction(inside)),
    });
  } finally {
    clock.mockRestore();
  }
}

/** A drop-off stored now (the demo scenario writes its message like the kiosk does). */
async function storedParcel(): Promise<number> {
  return Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
}

const metric = async (name: string) => {
  const text = await app().metrics.registry.metrics();
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}{channel="whatsapp",template="dropoff_stored"}`));
  return Number(line?.split(" ").at(-1) ?? 0);
};

beforeEach(async () => {
  // Earlier tests' messages are out of the way: each test sees only its own.
  await app().db.query("update notification_outbox set status = 'dead' where status = 'pending'");
  received.length = 0;
  graph.script = [];
});

describe("delivery to the WhatsApp Cloud API", () => {
  it("posts the template to /{version}/{phone-number-id}/messages with the bearer token and keeps messages[0].id", async () => {
    const orderId = await storedParcel();
    graph.script = [
      { status: 200, body: { messaging_product: "whatsapp", messages: [{ id: "wamid.HBgMNjI4MTEyMjIy" }] } },
    ];
    expect(await deliverDue(app().db, options())).toEqual({ sent: 1, retried: 0, dead: 0 });
    const [request] = received;
    expect(request?.url).toBe("/v23.0/123456789012345/messages");
    expect(request?.headers.authorization).toBe("Bearer EAAG-test-token");
    expect(request?.headers["content-type"]).toBe("application/json");
    const body = request?.body as { template: { components: { parameters: { text: string }[] }[] } };
    const texts = body.template.components[0]?.parameters.map((parameter) => parameter.text) ?? [];
    expect(body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "62811222233333",
      type: "template",
      template: {
        name: "dropoff_stored",
        language: { code: "id" },
        components: [{ type: "body", parameters: texts.map((text) => ({ type: "text", text })) }],
      },
    });
    expect(texts[0]).toBe("Rina Kartika");
    expect(texts[1]).toBe("Toko Batik Sekar Arum");
    expect(texts[7]).toMatch(
      new RegExp(`^https://paxelbox\\.example/order\\?orderid=${orderId}&token=[\\w-]{32}$`),
    );
    expect(await rowOf(orderId)).toMatchObject({
      status: "sent",
      attempts: 1,
      provider_message_id: "wamid.HBgMNjI4MTEyMjIy",
      link: null,
    });
    // Nothing is due any more.
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(received).toHaveLength(1);
  });

  it("tries again after 5xx, 429 (not before its Retry-After) and a timeout, then sends once", async () => {
    const orderId = await storedParcel();
    const retriedBefore = await metric("paxelbox_notifications_retried_total");
    graph.script = [
      { status: 503 },
      { status: 429, headers: { "retry-after": "120" } },
      "hang",
      { status: 200 },
    ];

    const started = Date.now();
    expect((await deliverDue(app().db, options())).retried).toBe(1);
    let row = await rowOf(orderId);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/^503/);
    // First retry: 5 s with half of it jittered (random() = 0.5 → 3.75 s).
    expect(row.next_attempt_at.getTime() - started).toBeGreaterThanOrEqual(3_700);
    expect(row.next_attempt_at.getTime() - started).toBeLessThan(6_000);
    expect((await deliverDue(app().db, options())).sent).toBe(0);

    await due();
    expect((await deliverDue(app().db, options())).retried).toBe(1);
    row = await rowOf(orderId);
    expect(row.last_error).toMatch(/^429/);
    expect(row.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(115_000);

    await due();
    expect((await deliverDue(app().db, options())).retried).toBe(1);
    expect((await rowOf(orderId)).last_error).toBe("timeout");

    await due();
    expect((await deliverDue(app().db, options())).sent).toBe(1);
    expect(await rowOf(orderId)).toMatchObject({ status: "sent", attempts: 4, last_error: null });
    expect(received).toHaveLength(4);
    expect(await metric("paxelbox_notifications_retried_total")).toBe(retriedBefore + 3);
  });

  it("gives up after the last try (dead letter, counted) and at once on a refusal", async () => {
    const orderId = await storedParcel();
    const deadBefore = await metric("paxelbox_notifications_dead_lettered_total");
    graph.script = [{ status: 500 }, { status: 502 }, { status: 500 }, { status: 500 }];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await due();
      await deliverDue(app().db, options());
    }
    // The link stays with a dead letter, so that an operator can send it again once the cause is fixed.
    expect(await rowOf(orderId)).toMatchObject({ status: "dead", attempts: 4 });
    expect((await rowOf(orderId)).link).toMatch(/^\/order\?orderid=/);
    await due();
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 0 });

    const refused = await storedParcel();
    graph.script = [
      { status: 400, body: { error: { message: "(#131026) Message undeliverable", code: 131026 } } },
    ];
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    expect(await rowOf(refused)).toMatchObject({ status: "dead", attempts: 1 });
    expect((await rowOf(refused)).last_error).toMatch(/^400 131026/);
    expect(await metric("paxelbox_notifications_dead_lettered_total")).toBe(deadBefore + 2);
    // Somebody is told: an alert rule watches the counter.
    const rules = readFileSync(
      path.resolve(import.meta.dirname, "../../../../deploy/prometheus/alerts.yml"),
      "utf8",
    );
    expect(rules).toContain("increase(paxelbox_notifications_dead_lettered_total[15m])");
  });

  it("keeps Meta's error code and fbtrace_id with the failure, never the access token Graph quotes", async () => {
    const orderId = await storedParcel();
    graph.script = [
      {
        status: 401,
        body: {
          error: {
            message: "Malformed access token EAAG-test-token",
            type: "OAuthException",
            code: 190,
            error_subcode: 463,
            fbtrace_id: "AZx9Trace",
          },
        },
      },
    ];
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    expect((await rowOf(orderId)).last_error).toBe(
      "401 190/463 Malformed access token [token] (fbtrace_id AZx9Trace)",
    );
  });

  it("sends one message per event with two workers claiming at once, and writes an event once", async () => {
    const orders = [await storedParcel(), await storedParcel(), await storedParcel(), await storedParcel()];
    // The same event written again (a retried transaction) is the same row.
    await app().db.transaction((tx) =>
      outboxWriter(
        app().log,
        {
          whatsapp: true,
          email: true,
          partnershipInbox: "x@example.id",
        },
        "Paxel",
      ).dropoffStored(tx, { orderId: orders[0] as number, token: "again" }),
    );
    const small = options({ batchSize: 2 });
    const rounds = await Promise.all([
      deliverDue(app().db, small),
      deliverDue(app().db, small),
      deliverDue(app().db, small),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(4);
    const links = received.map(
      (request) =>
        (request.body as { template: { components: { parameters: { text: string }[] }[] } }).template
          .components[0]?.parameters[7]?.text,
    );
    expect(links).toHaveLength(4);
    for (const orderId of orders) {
      expect(links.filter((link) => link?.includes(`orderid=${orderId}&`))).toHaveLength(1);
      expect(
        await app().db.query("select 1 from notification_outbox where order_id = $1", [orderId]),
      ).toHaveLength(1);
    }
  });

  it("sends each message once when a slow provider makes a batch outlast its lease: a row is held again as its turn comes", async () => {
    const orders = [await storedParcel(), await storedParcel(), await storedParcel()];
    // The provider answers the first message at once and holds the second.
    let answerSecond = () => {};
    const second = new Promise<void>((resolve) => {
      answerSecond = resolve;
    });
    graph.script = [{ status: 200 }, { status: 200, after: second }];
    const patient = options({ senders: { whatsapp: whatsappSender(10_000) } });
    const first = deliverDue(app().db, patient);
    await expect.poll(() => received.length).toBe(2);
    // While the second is at the provider, the lease of the rest of the batch runs out (time passing
    // for the rows that wait), and another instance's worker claims them.
    const sending = received.length;
    await app().db.query(
      `update notification_outbox set next_attempt_at = now() - interval '1 second'
        where status = 'pending' and order_id = $1`,
      [orders[2]],
    );
    expect((await deliverDue(app().db, patient)).sent).toBe(1);
    expect(received).toHaveLength(sending + 1);
    answerSecond();
    // The first worker sends the message it is sending, and leaves the one claimed since alone.
    expect((await first).sent).toBe(2);
    expect(received).toHaveLength(3);
    for (const orderId of orders) {
      expect(await rowOf(orderId)).toMatchObject({ status: "sent" });
    }
  });

  it("counts the tries made only: a claim whose lease ran out before its row's turn costs the row no try", async () => {
    const orders = [await storedParcel(), await storedParcel(), await storedParcel()];
    // The provider holds the second message; the third, taken over by another worker, fails once.
    let answerSecond = () => {};
    const second = new Promise<void>((resolve) => {
      answerSecond = resolve;
    });
    graph.script = [{ status: 200 }, { status: 200, after: second }, { status: 503 }];
    // Two tries allowed: a claim counted without its try would give the third up after one.
    const patient = options({ senders: { whatsapp: whatsappSender(10_000) }, maxAttempts: 2 });
    const first = deliverDue(app().db, patient);
    await expect.poll(() => received.length).toBe(2);
    await app().db.query(
      `update notification_outbox set next_attempt_at = now() - interval '1 second'
        where status = 'pending' and order_id = $1`,
      [orders[2]],
    );
    expect(await deliverDue(app().db, patient)).toEqual({ sent: 0, retried: 1, dead: 0 });
    answerSecond();
    expect((await first).sent).toBe(2);
    expect(await rowOf(orders[2] as number)).toMatchObject({ status: "pending", attempts: 1 });

    // Its second try is the last one allowed.
    await due();
    expect(await deliverDue(app().db, patient)).toEqual({ sent: 1, retried: 0, dead: 0 });
    for (const [index, orderId] of orders.entries()) {
      expect(await rowOf(orderId)).toMatchObject({ status: "sent", attempts: index === 2 ? 2 : 1 });
    }
  });

  it("a claim is a lease: a claimer that died leaves its messages due again after it, the untried claim not counted", async () => {
    const orderId = await storedParcel();
    // A claim as the worker makes it, then nothing (the process died before trying the row).
    await app().db.query(
      `update notification_outbox
          set attempts = attempts + 1, untried_claim = gen_random_uuid(), next_attempt_at = now() + interval '60 seconds'
        where order_id = $1`,
      [orderId],
    );
    expect((await deliverDue(app().db, options())).sent).toBe(0);
    await app().db.query(
      "update notification_outbox set next_attempt_at = now() - interval '1 second' where order_id = $1",
      [orderId],
    );
    expect((await deliverDue(app().db, options())).sent).toBe(1);
    expect(await rowOf(orderId)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("schedules a retry on the database's clock, not on the instance's clock that is ahead of it", async () => {
    const orderId = await storedParcel();
    graph.script = [{ status: 503 }];
    expect(await withClockAhead(2 * 60_000, (db) => deliverDue(db, options()))).toEqual({
      sent: 0,
      retried: 1,
      dead: 0,
    });
    // First retry: 3.75 s (random() = 0.5) from the database's now, not from the instance's.
    const [row] = await app().db.query<{ in_seconds: number }>(
      "select extract(epoch from next_attempt_at - now())::float8 as in_seconds from notification_outbox where order_id = $1",
      [orderId],
    );
    expect(row?.in_seconds).toBeGreaterThan(2);
    expect(row?.in_seconds).toBeLessThan(4);
  });
});

describe("backoff", () => {
  it("doubles from 5 s up to 15 minutes, jittered over its upper half, never before Retry-After", () => {
    expect(retryDelayMs(1, undefined, () => 0)).toBe(2_500);
    expect(retryDelayMs(1, undefined, () => 0.999_999)).toBeCloseTo(5_000, -1);
    expect(retryDelayMs(3, undefined, () => 0)).toBe(10_000);
    expect(retryDelayMs(30, undefined, () => 1)).toBe(15 * 60_000);
    expect(retryDelayMs(1, 120_000, () => 0.5)).toBe(120_000);
  });
});

describe("the webhook with the Cloud API's secrets", () => {
  it("checks the signature with WHATSAPP_APP_SECRET and the handshake with WHATSAPP_VERIFY_TOKEN", async () => {
    const challenge = await app().inject({
      method: "GET",
      url: calls.whatsappWebhookVerification.path,
      query: { "hub.mode": "subscribe", "hub.verify_token": "test-verify-token", "hub.challenge": "42" },
    });
    expect(challenge.body).toBe("42");
    const sandboxToken = await app().inject({
      method: "GET",
      url: calls.whatsappWebhookVerification.path,
      query: {
        "hub.mode": "subscribe",
        "hub.verify_token": "paxelbox-sandbox-verify-token",
        "hub.challenge": "42",
      },
    });
    expect(sandboxToken.statusCode).toBe(403);
    // No sandbox with the real channel, even in demo mode.
    expect(
      (await app().inject({ method: "POST", url: "/demo/whatsapp/v23.0/123456789012345/messages" }))
        .statusCode,
    ).toBe(404);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import type { Sender } from "../../src/notifications/sender.ts";
import { whatsappClient } from "../../src/notifications/whatsapp.ts";
import { startNotificationWorker } from "../../src/notifications/worker.ts";
import { scenario, useApp } from "../helpers.ts";
import { useScriptedProvider } from "../scripted-provider.ts";
import { deliveryOptions } from "./stand-ins.ts";

/**
 * The worker stopping while a message is at the provider (the instance's shutdown): it starts no
 * further message, records the one in flight once, and gives the rest of its batch back at once —
 * within its bound even when the provider never answers.
 */
let messageIds = 0;
const graph = useScriptedProvider(() => ({
  messaging_product: "whatsapp",
  contacts: [{ input: "x", wa_id: "x" }],
  messages: [{ id: `wamid.STOP${++messageIds}` }],
}));

// The app's own worker too slow to take part: each test runs a worker of its own.
const app = useApp({
  WHATSAPP_TOKEN: "EAAG-test-token",
  WHATSAPP_PHONE_NUMBER_ID: "123456789012345",
  WHATSAPP_APP_SECRET: "test-app-secret",
  WHATSAPP_VERIFY_TOKEN: "test-verify-token",
  WHATSAPP_GRAPH_URL: "http://127.0.0.1:1",
  NOTIFICATIONS_POLL_MS: "60000",
});

/** The Cloud API client, patient enough that only the stop ends a request. */
const whatsapp = () =>
  whatsappClient({
    graphUrl: graph.origin,
    version: "v23.0",
    phoneNumberId: "123456789012345",
    token: "EAAG-test-token",
    timeoutMs: 60_000,
  });

/** A worker of its own, polling often, over a batch of five. */
const worker = (sender: Sender) =>
  startNotificationWorker(app().db, { ...deliveryOptions(app(), { whatsapp: sender }), intervalMs: 20 });

interface Row {
  order_id: number;
  status: string;
  attempts: number;
  claimable: boolean;
  last_error: string | null;
  provider_message_id: string | null;
}
const rowsOf = (orders: number[]) =>
  app().db.query<Row>(
    `select order_id, status, attempts, next_attempt_at <= now() as claimable, last_error, provider_message_id
       from notification_outbox where order_id = any($1::int[]) order by id`,
    [orders],
  );

const sentCount = async () => {
  const text = await app().metrics.registry.metrics();
  const line = text
    .split("\n")
    .find((l) =>
      l.startsWith('paxelbox_notifications_sent_total{channel="whatsapp",template="dropoff_stored"}'),
    );
  return Number(line?.split(" ").at(-1) ?? 0);
};

/** Five drop-offs stored, their messages due. */
async function fiveParcels(): Promise<number[]> {
  const orders: number[] = [];
  for (let i = 0; i < 5; i++) orders.push(Number((await scenario(app(), "dropoff-in-store")).get("orderid")));
  return orders;
}

beforeEach(async () => {
  // Earlier tests' messages are out of the way: each test sees only its own.
  await app().db.query("update notification_outbox set status = 'dead' where status = 'pending'");
  graph.received.length = 0;
  graph.script = [];
});

describe("the worker stopping mid-round", () => {
  it("finishes the message in flight only, records it once, and gives the untried ones back at once", async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    graph.script = [{ status: 200, after: held }];
    const sentBefore = await sentCount();
    const orders = await fiveParcels();
    const stop = worker(whatsapp());
    await expect.poll(() => graph.received.length).toBe(1);

    // The shutdown begins while the first message is at the provider, which then accepts it.
    const stopped = stop(new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer();
    await stopped;

    // No message was started after the stop.
    expect(graph.received).toHaveLength(1);
    const [first, ...untried] = await rowsOf(orders);
    expect(first).toMatchObject({
      order_id: orders[0],
      status: "sent",
      attempts: 1,
      provider_message_id: `wamid.STOP${messageIds}`,
    });
    expect(await sentCount()).toBe(sentBefore + 1);
    // The others are due to any instance now, their claim's try not counted.
    expect(untried).toHaveLength(4);
    for (const row of untried) {
      expect(row).toMatchObject({ status: "pending", attempts: 0, claimable: true, last_error: null });
    }
  });

  it("stops within its bound when the provider never answers: the try is recorded as interrupted", async () => {
    graph.script = ["hang"];
    const orders = await fiveParcels();
    const stop = worker(whatsapp());
    await expect.poll(() => graph.received.length).toBe(1);

    const began = Date.now();
    await stop(AbortSignal.timeout(200));
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(graph.received).toHaveLength(1);
    const [first, ...untried] = await rowsOf(orders);
    // Counted as a try and rescheduled with backoff: the provider may have it (at least once).
    expect(first).toMatchObject({ status: "pending", attempts: 1, claimable: false });
    expect(first?.last_error).toMatch(/interrupted/);
    for (const row of untried) {
      expect(row).toMatchObject({ status: "pending", attempts: 0, claimable: true });
    }
  });

  it("stops within its bound even with a sender that does not hear the abort", async () => {
    let tries = 0;
    const deaf: Sender = () => {
      tries++;
      return new Promise(() => {});
    };
    const orders = await fiveParcels();
    const stop = worker(deaf);
    await expect.poll(() => tries).toBe(1);

    const began = Date.now();
    await stop(AbortSignal.timeout(200));
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(tries).toBe(1);
    const [first, ...untried] = await rowsOf(orders);
    expect(first).toMatchObject({ status: "pending", attempts: 1, claimable: false });
    for (const row of untried) {
      expect(row).toMatchObject({ status: "pending", attempts: 0, claimable: true });
    }
  });
});

import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, loadConfig } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/database.ts";
import { hashToken } from "../src/domain/tokens.ts";
import { budi, call, failure, freshDatabase, ok, sari, scenario } from "./helpers.ts";

/**
 * The order poll answered from memory (ADR 020): what it saves (database calls), and that it never
 * answers what the database no longer says, on PGlite and, in CI, on a PostgreSQL server.
 */
const onServer = Boolean(process.env.DATABASE_URL);
let databaseUrl: string | undefined;
let template: Blob | undefined;
let drop: () => Promise<void> = async () => {};
const apps: FastifyInstance[] = [];
let queries = 0;

/** An API instance on the file's database, counting the calls it makes to it. */
async function instance(): Promise<FastifyInstance> {
  const db = await openDatabase({ databaseUrl, dataDir: "memory://", template });
  const counted: Database = {
    ...db,
    query(sql, params) {
      // The rate limits' counts are written a second after they are taken, in the background: on a
      // slow run that write falls inside a measured window, and it is not the order poll's.
      if (!/^\s*insert into rate_limits/.test(sql)) queries++;
      return db.query(sql, params);
    },
    transaction(work) {
      queries++;
      return db.transaction(work);
    },
  };
  // No notification worker: its polls would be counted as the order poll's database calls.
  const app = await buildApp(loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", NOTIFICATIONS: "off" }), {
    database: counted,
  });
  app.addHook("onClose", () => db.close());
  apps.push(app);
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  const database = await freshDatabase();
  databaseUrl = database.url;
  template = database.template;
  drop = database.drop;
  app = await instance();
});
afterAll(async () => {
  for (const each of apps) await each.close();
  await drop();
});

async function order(id: string) {
  const params = await scenario(app, id);
  return { orderid: Number(params.get("orderid")), token: params.get("token") ?? budi };
}

const poll = (target: FastifyInstance, orderid: number, token: string, etag?: string) =>
  call(target, calls.orderDetail, {
    params: { orderid },
    token,
    ...(etag ? { headers: { "if-none-match": etag } } : {}),
  });

/** Database calls made by `work`, once the rate limits' counts of earlier calls are written. */
async function callsDuring(work: () => Promise<void>): Promise<number> {
  for (const each of apps) await each.rateLimiter.flush();
  const before = queries;
  await work();
  return queries - before;
}

describe("the order poll from memory", () => {
  it("answers an unchanged order, 304 or 200, without calling the database", async () => {
    const { orderid } = await order("rent-in-store");
    const first = await poll(app, orderid, budi);
    const etag = first.headers.etag as string;
    const view = ok(calls.orderDetail, first);
    const used = await callsDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await poll(app, orderid, budi, etag)).statusCode).toBe(304);
      const again = await poll(app, orderid, budi);
      expect(ok(calls.orderDetail, again)).toEqual(view);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe("private, no-cache");
    });
    expect(used).toBe(0);
  });

  it("still checks the owner on every answer", async () => {
    const { orderid } = await order("rent-in-store");
    const etag = (await poll(app, orderid, budi)).headers.etag as string;
    failure(await poll(app, orderid, sari, etag), 404);
    failure(await poll(app, orderid, sari), 404);
    const link = await order("dropoff-in-store");
    failure(await poll(app, orderid, link.token, etag), 404);
    failure(await poll(app, orderid, "nobody-holds-this"), 401);
  });

  it("answers a write at once, whichever part of the order it touches", async () => {
    const { orderid } = await order("rent-to-store");
    let view = ok(calls.orderDetail, await poll(app, orderid, budi));
    expect(view.barcode.qrcodeCustomerStore).toBeTruthy();

    await app.db.query("insert into order_logs (order_id, status) values ($1, 'IMPORTED')", [orderid]);
    view = ok(calls.orderDetail, await poll(app, orderid, budi));
    expect(view.logs).toHaveLength(2);

    await app.db.query("update access_codes set used_at = now() where order_id = $1 and purpose = 'store'", [
      orderid,
    ]);
    view = ok(calls.orderDetail, await poll(app, orderid, budi));
    expect(view.barcode.qrcodeCustomerStore).toBeNull();

    await app.db.query("update boxes set name = 'Renamed box' where id = $1", [view.mouth.box.id]);
    view = ok(calls.orderDetail, await poll(app, orderid, budi));
    expect(view.mouth.box.name).toBe("Renamed box");

    ok(calls.cancelRent, await call(app, calls.cancelRent, { body: { id: orderid }, token: budi }));
    expect(ok(calls.orderDetail, await poll(app, orderid, budi)).status).toBe("CANCEL");
  });

  it("answers anew when a shown code expires, without any write", async () => {
    const { orderid } = await order("rent-to-store");
    await app.db.query(
      "update access_codes set expires_at = now() + interval '1 second' where order_id = $1 and purpose = 'store'",
      [orderid],
    );
    const first = ok(calls.orderDetail, await poll(app, orderid, budi));
    expect(first.barcode.qrcodeCustomerStore).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(ok(calls.orderDetail, await poll(app, orderid, budi)).barcode.qrcodeCustomerStore).toBeNull();
  });

  it("forgets a token's holder when the member changes, and a link when it expires", async () => {
    const member = await app.db.query<{ id: number }>(
      "insert into members (token_hash, first_name, member_code) values ('0', 'Temp', 'TEMP-LIVE') returning id",
    );
    const memberId = member[0]?.id;
    await app.db.query("update members set token_hash = $2 where id = $1", [
      memberId,
      hashToken("temp-token"),
    ]);
    const auth = () => app.inject({ url: calls.validateUser.path, query: { token: "temp-token" } });
    expect((await auth()).statusCode).toBe(200);
    await app.db.query("update members set token_hash = $2 where id = $1", [memberId, hashToken("rotated")]);
    failure(await auth(), 401);

    const link = await order("dropoff-in-store");
    ok(calls.orderDetail, await poll(app, link.orderid, link.token));
    await app.db.query("update orders set link_expires_at = now() + interval '1 second' where id = $1", [
      link.orderid,
    ]);
    ok(calls.orderDetail, await poll(app, link.orderid, link.token));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    failure(await poll(app, link.orderid, link.token), 410);
  });
});

/** An open event stream read over real HTTP: its response, and its events as they come. */
async function openStream(origin: string, orderid: number, token: string | null = budi) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/v1/box/express/info/${orderid}/events`, {
    headers: { accept: "text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: controller.signal,
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  /** The next event's fields (`event`, `data`, `id`, `retry`), or null once the stream ended. */
  const next = async (timeout = 2_000): Promise<Record<string, string> | null> => {
    const deadline = Date.now() + timeout;
    while (!buffer.includes("\n\n")) {
      if (!reader) return null;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("no event in time")), Math.max(0, deadline - Date.now())),
        ),
      ]);
      if (chunk.done) return null;
      buffer += chunk.value;
    }
    const end = buffer.indexOf("\n\n");
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const fields: Record<string, string> = {};
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
    }
    return fields;
  };
  /** The next `order` event's order. */
  const nextOrder = async () => {
    const event = await next();
    expect(event?.event).toBe("order");
    return ok(calls.orderEvents, {
      statusCode: 200,
      body: event?.data,
      json: () => JSON.parse(event?.data ?? ""),
    } as never);
  };
  return { response, next, nextOrder, close: () => controller.abort() };
}

/** Cancels the rent through the file's first instance; `stream` shows it within a second. */
async function expectCancelPushed(stream: Awaited<ReturnType<typeof openStream>>, orderid: number) {
  const started = Date.now();
  ok(calls.cancelRent, await call(app, calls.cancelRent, { body: { id: orderid }, token: budi }));
  expect((await stream.nextOrder()).status).toBe("CANCEL");
  expect(Date.now() - started).toBeLessThan(1_000);
}

/** The open-streams gauge of the file's first instance. */
const openStreams = async () => (await app.metrics.openEventStreams.get()).values[0]?.value ?? 0;

describe("the order's event stream", () => {
  let origin = "";
  beforeAll(async () => {
    origin = await app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("sends the order at once, then each change as it is written", async () => {
    const { orderid } = await order("rent-to-store");
    const stream = await openStream(origin, orderid);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(stream.response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect((await stream.nextOrder()).status).toBe("IMPORTED");
      expect(await openStreams()).toBe(1);
      await expectCancelPushed(stream, orderid);
    } finally {
      stream.close();
    }
    await expect.poll(openStreams).toBe(0);
  });

  it("opens to the order's owner only", async () => {
    const { orderid } = await order("rent-to-store");
    const statusOf = async (token: string | null, id = orderid) => {
      const stream = await openStream(origin, id, token);
      stream.close();
      return stream.response.status;
    };
    expect(await statusOf(null)).toBe(401);
    expect(await statusOf("nobody-holds-this")).toBe(401);
    expect(await statusOf(sari)).toBe(404);
    expect(await statusOf(budi, 999_999)).toBe(404);
  });

  it("ends when its caller loses access, telling the client when to come back", async () => {
    const link = await order("dropoff-in-store");
    const stream = await openStream(origin, link.orderid, link.token);
    try {
      await stream.nextOrder();
      await app.db.query("update orders set link_expires_at = now() - interval '1 minute' where id = $1", [
        link.orderid,
      ]);
      expect(await stream.next()).toEqual({ retry: "1000" });
      expect(await stream.next()).toBeNull();
    } finally {
      stream.close();
    }
  });

  it("keeps four streams of a token and order open: the newest opens, the oldest ends with a long retry hint", async () => {
    const { orderid } = await order("rent-to-store");
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      for (let opened = 0; opened < 6; opened++) {
        const stream = await openStream(origin, orderid);
        expect(stream.response.status).toBe(200);
        expect((await stream.nextOrder()).status).toBe("IMPORTED");
        streams.push(stream);
      }
      // The two oldest made way, told to come back in a minute (their screens poll meanwhile).
      for (const displaced of streams.slice(0, 2)) {
        expect(await displaced.next()).toEqual({ retry: "60000" });
        expect(await displaced.next()).toBeNull();
      }
      await expect.poll(openStreams).toBe(4);
      // Another order's stream of the same token is not counted with them, nor another token's;
      // the four hear each change (an ended one would read its retry hint first).
      const second = await order("rent-to-store");
      const link = await order("dropoff-in-store");
      for (const [id, token] of [
        [second.orderid, budi],
        [link.orderid, link.token],
      ] as const) {
        const other = await openStream(origin, id, token);
        streams.push(other);
        await other.nextOrder();
      }
      await expect.poll(openStreams).toBe(6);
      await expectCancelPushed(streams[5] as Awaited<ReturnType<typeof openStream>>, orderid);
      for (const kept of streams.slice(2, 5)) expect((await kept.nextOrder()).status).toBe("CANCEL");
    } finally {
      for (const stream of streams) stream.close();
    }
    await expect.poll(openStreams).toBe(0);
  });

  it("ends every stream with a retry hint when the instance stops", async () => {
    const leaving = await instance();
    const leavingOrigin = await leaving.listen({ port: 0, host: "127.0.0.1" });
    // Its own order: on PGlite each instance has a database of its own.
    const orderid = Number((await scenario(leaving, "rent-to-store")).get("orderid"));
    const stream = await openStream(leavingOrigin, orderid);
    try {
      await stream.nextOrder();
      const closing = leaving.close();
      expect(await stream.next()).toEqual({ retry: "1000" });
      expect(await stream.next()).toBeNull();
      await closing;
    } finally {
      stream.close();
    }
  });
});

describe.runIf(onServer)("several instances on one PostgreSQL server", () => {
  it("a write through one instance reaches the polls of another", async () => {
    const other = await instance();
    const { orderid } = await order("rent-to-store");
    const etag = (await poll(other, orderid, budi)).headers.etag as string;
    expect((await poll(other, orderid, budi, etag)).statusCode).toBe(304);
    ok(calls.cancelRent, await call(app, calls.cancelRent, { body: { id: orderid }, token: budi }));
    const started = Date.now();
    await expect
      .poll(async () => (await poll(other, orderid, budi, etag)).statusCode, { timeout: 1_000, interval: 20 })
      .toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(ok(calls.orderDetail, await poll(other, orderid, budi)).status).toBe("CANCEL");
  });

  it("hears each write once, on the instance that made it and on another", async () => {
    const other = await instance();
    const { orderid } = await order("rent-in-store");
    const heard = (target: FastifyInstance) => {
      const payloads: string[] = [];
      const stop = target.db.subscribe({ notified: (payload) => payloads.push(payload), reset: () => {} });
      return { payloads, stop };
    };
    const here = heard(app);
    const there = heard(other);
    try {
      await app.db.query("insert into order_logs (order_id, status) values ($1, 'IMPORTED')", [orderid]);
      // The writer hears it before its call resolves; the other instance through its listener
      // (which may still be hearing the scenario's writes).
      const write = here.payloads.at(-1);
      expect(write).toMatch(new RegExp(`^order:${orderid}:\\d+$`));
      const times = (payloads: string[]) => payloads.filter((payload) => payload === write).length;
      await expect.poll(() => times(there.payloads), { timeout: 1_000, interval: 20 }).toBe(1);
      // A late second copy of the writer's own notification would land in this time.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(times(here.payloads)).toBe(1);
      expect(times(there.payloads)).toBe(1);
    } finally {
      here.stop();
      there.stop();
    }
  });

  it("a write through one instance reaches a stream open on another within a second", async () => {
    const other = await instance();
    const otherOrigin = await other.listen({ port: 0, host: "127.0.0.1" });
    const { orderid } = await order("rent-to-store");
    const stream = await openStream(otherOrigin, orderid);
    try {
      await stream.nextOrder();
      await expectCancelPushed(stream, orderid);
    } finally {
      stream.close();
    }
  });

  it("counts a token's calls together across instances", async () => {
    const other = await instance();
    const link = await order("dropoff-in-store");
    const detail = (target: FastifyInstance) =>
      call(target, calls.overdueDropoffDetail, { params: { orderid: link.orderid }, token: link.token });
    for (let i = 0; i < 70; i++) expect((await detail(app)).statusCode).toBe(200);
    await app.rateLimiter.flush();
    for (let i = 0; i < 50; i++) expect((await detail(other)).statusCode).toBe(200);
    await other.rateLimiter.flush();
    failure(await detail(other), 429);
  });

  it("drops what it knows when its listening connection is lost, and listens again", async () => {
    const { orderid } = await order("rent-to-store");
    ok(calls.orderDetail, await poll(app, orderid, budi));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'paxelbox-listener' and datname = current_database()",
      );
      await expect.poll(() => app.db.listening(), { timeout: 2_000 }).toBe(false);
      // No stream opens meanwhile: the screen is told to poll.
      const refused = await app.inject({
        url: `/api/v1/box/express/info/${orderid}/events`,
        headers: { authorization: `Bearer ${budi}`, accept: "text/event-stream" },
      });
      failure(refused, 503);
      expect(refused.headers["retry-after"]).toBe("5");
      // Written while nobody listens: the poll reads it all the same.
      await admin.query("update orders set status = 'CANCEL' where id = $1", [orderid]);
      expect(ok(calls.orderDetail, await poll(app, orderid, budi)).status).toBe("CANCEL");
      await expect.poll(() => app.db.listening(), { timeout: 5_000 }).toBe(true);
      await admin.query("update orders set status = 'IMPORTED' where id = $1", [orderid]);
      await expect
        .poll(async () => ok(calls.orderDetail, await poll(app, orderid, budi)).status, { timeout: 1_000 })
        .toBe("IMPORTED");
    } finally {
      await admin.end();
    }
  });
});

import { calls, type DemoOutboxEntry } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { formatDateTimeWib } from "../../src/notifications/format.ts";
import { webhookSignature } from "../../src/notifications/webhook.ts";
import { call, failure, ok, packageBody, scenario, useApp, useServer } from "../helpers.ts";
import { statusWebhook } from "./stand-ins.ts";

/**
 * The drop-off message end to end on one machine: the kiosk stores a parcel, the worker sends the
 * template to this installation's WhatsApp sandbox over the Graph API protocol, the sandbox reports
 * `sent` and `delivered` to our webhook, signed, and `GET /api/demo/outbox` shows the message.
 */
const app = useApp({ NOTIFICATIONS_POLL_MS: "50" });
const origin = useServer(app);

/** The package form, then the locker's scan of its QR: a drop-off parcel stored now. */
async function storeParcel(phone: string, senderName = "Toko Batik Sekar Arum") {
  const params = await scenario(app(), "package-form");
  const boxId = Number(params.get("boxId"));
  const sent = await call(app(), calls.sendPackageData, {
    body: packageBody(boxId, { takeUserPhoneNumber: phone, recipientName: "Dewi Lestari", senderName }),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const [code] = await app().db.query<{ code: string }>(
    "select code from access_codes where purpose = 'dropoff-store' and used_at is null order by created_at desc limit 1",
  );
  return ok(calls.kioskScan, await call(app(), calls.kioskScan, { body: { code: code?.code, boxId } }));
}

async function outbox(to?: string): Promise<DemoOutboxEntry[]> {
  return ok(calls.demoOutbox, await call(app(), calls.demoOutbox, to ? { query: { to } } : {}));
}

/** Waits until the sandbox has the recipient's message in this status. */
async function messageFor(to: string, status: DemoOutboxEntry["status"] = "delivered") {
  await expect
    .poll(async () => (await outbox(to))[0]?.status, { timeout: 10_000, interval: 50 })
    .toBe(status);
  return (await outbox(to))[0] as DemoOutboxEntry;
}

/** The sandbox's app secret (a development value, trusted in demo mode only). */
const appSecret = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }).notifications.appSecret;

const signed = (body: unknown, secret = appSecret) => {
  const raw = JSON.stringify(body);
  return { raw, signature: webhookSignature(secret, raw) };
};

const postWebhook = (raw: string, signature?: string) =>
  app().inject({
    method: "POST",
    url: calls.whatsappWebhook.path,
    headers: {
      "content-type": "application/json",
      ...(signature ? { "x-hub-signature-256": signature } : {}),
    },
    payload: raw,
  });

describe("drop-off stored → WhatsApp message to the recipient", () => {
  it("sends one template message with the sender, locker, door, free time and the order's own link", async () => {
    const stored = await storeParcel("081122223333");
    const message = await messageFor("6281122223333");
    const [order] = await app().db.query<{ box_name: string; mouth_number: string }>(
      `select b.name as box_name, m.number as mouth_number from orders o join mouths m on m.id = o.mouth_id
         join boxes b on b.id = m.box_id where o.id = $1`,
      [stored.orderId],
    );
    expect(message).toMatchObject({
      channel: "whatsapp",
      to: "6281122223333",
      template: "dropoff_stored",
      language: "id",
    });
    expect(message.text).toContain("Toko Batik Sekar Arum");
    expect(message.text).toContain(`loker ${order?.box_name}, pintu ${order?.mouth_number}`);
    expect(message.text).toMatch(/gratis selama 2 hari, sampai \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} WIB/);
    expect(message.text).toMatch(/biayanya Rp\. \d{1,3}(\.\d{3})* per hari/);
    expect(message.links).toEqual([`${origin()}${stored.recipientLink}`]);

    // The outbox row: sent once, the provider's id kept, the delivery recorded, the token dropped.
    const rows = await app().db.query<{
      status: string;
      attempts: number;
      provider_message_id: string;
      delivery_status: string;
      link: string | null;
    }>(
      "select status, attempts, provider_message_id, delivery_status, link from notification_outbox where order_id = $1",
      [stored.orderId],
    );
    expect(rows).toEqual([
      {
        status: "sent",
        attempts: 1,
        provider_message_id: message.id,
        delivery_status: "delivered",
        link: null,
      },
    ]);
  });

  it("sends the Graph API request exactly as the Cloud API takes it", async () => {
    await storeParcel("6281234567001", "Kurir Kilat");
    const message = await messageFor("6281234567001");
    const [row] = await app().db.query<{ request: Record<string, unknown> }>(
      "select request from whatsapp_sandbox_messages where id = $1",
      [message.id],
    );
    const request = row?.request as {
      template: { components: { parameters: { text: string }[] }[] };
    };
    expect(request).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "6281234567001",
      type: "template",
      template: {
        name: "dropoff_stored",
        language: { code: "id" },
        components: [
          {
            type: "body",
            parameters: request.template.components[0]?.parameters.map(({ text }) => ({
              type: "text",
              text,
            })),
          },
        ],
      },
    });
    const texts = request.template.components[0]?.parameters.map(({ text }) => text) ?? [];
    expect(texts).toHaveLength(8);
    expect(texts.slice(0, 2)).toEqual(["Dewi Lestari", "Kurir Kilat"]);
    expect(texts[4]).toBe("2 hari");
    expect(texts[7]).toMatch(new RegExp(`^${origin()}/order\\?orderid=\\d+&token=`));
  });

  it("writes each parameter on one line, as the Cloud API takes it (it refuses new lines, tabs, runs of spaces)", async () => {
    // A name that came from elsewhere than the form's one-line field: pasted with a line break.
    await storeParcel("6281234567021", "Toko Batik\r\nSekar     Arum\t");
    const message = await messageFor("6281234567021");
    expect(message.text).toContain("ada paket dari Toko Batik Sekar Arum untukmu");
    // The sandbox refuses such a parameter as Meta does.
    const settings = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }).notifications;
    const refused = await fetch(
      `${origin()}/demo/whatsapp/${settings.graphVersion}/${settings.phoneNumberId}/messages`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          to: "6281234567023",
          type: "template",
          template: {
            name: "rent_ending",
            language: { code: "id" },
            components: [
              {
                type: "body",
                parameters: ["Budi\nSantoso", "Loker", "3", "1 Des 2026 14:05 WIB"].map((text) => ({
                  type: "text",
                  text,
                })),
              },
            ],
          },
        }),
      },
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(132018);
  });

  it("the link opens that order's detail and no other order", async () => {
    const stored = await storeParcel("081234567002");
    const message = await messageFor("6281234567002");
    const link = new URL(message.links[0] ?? "");
    const token = link.searchParams.get("token") ?? "";
    const orderid = Number(link.searchParams.get("orderid"));
    expect(orderid).toBe(stored.orderId);
    const order = ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
    expect(order).toMatchObject({ id: orderid, status: "IN_STORE", recipientName: "Dewi Lestari" });
    const other = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    failure(await call(app(), calls.orderDetail, { params: { orderid: other }, token }), 404);
    const rent = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    failure(await call(app(), calls.orderDetail, { params: { orderid: rent }, token }), 404);
  });

  it("writes the message in the store's transaction: a store that fails sends nothing", async () => {
    const count = async () =>
      Number(
        (await app().db.query<{ n: number }>("select count(*)::int as n from notification_outbox"))[0]?.n,
      );
    const before = await count();
    // The last write of the store (the pick-up code) fails after the message was written.
    await app().db.query(`
      create or replace function refuse_take_code() returns trigger language plpgsql as
        $$ begin if new.purpose = 'take' then raise exception 'refused for the test'; end if; return new; end $$`);
    await app().db.query(
      "create trigger refuse_take_code before insert on access_codes for each row execute function refuse_take_code()",
    );
    try {
      const params = await scenario(app(), "package-form");
      const boxId = Number(params.get("boxId"));
      await call(app(), calls.sendPackageData, {
        body: packageBody(boxId, {
          takeUserPhoneNumber: "081234567003",
          recipientName: "Dewi",
          senderName: "Kurir",
        }),
      });
      const [code] = await app().db.query<{ code: string }>(
        "select code from access_codes where purpose = 'dropoff-store' and used_at is null order by created_at desc limit 1",
      );
      const response = await call(app(), calls.kioskScan, { body: { code: code?.code, boxId } });
      expect(response.statusCode).toBe(500);
    } finally {
      await app().db.query("drop trigger refuse_take_code on access_codes");
      await app().db.query("drop function refuse_take_code()");
    }
    expect(await count()).toBe(before);
    expect(await outbox("6281234567003")).toEqual([]);
  });

  it("the demo scenario that stores a parcel produces its message", async () => {
    const params = await scenario(app(), "dropoff-in-store");
    await expect
      .poll(
        async () =>
          (await outbox("62811222233333")).find((entry) => entry.links.includes(`${origin()}${params.url}`))
            ?.status,
        { timeout: 10_000, interval: 50 },
      )
      .toBe("delivered");
  });
});

describe("a throttled test number (Meta's rate limits, HTTP 400)", () => {
  const settings = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }).notifications;
  const post = (to: string) =>
    fetch(`${origin()}/demo/whatsapp/${settings.graphVersion}/${settings.phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        to,
        type: "template",
        template: {
          name: "rent_ending",
          language: { code: "id" },
          components: [
            {
              type: "body",
              parameters: ["Budi", "Loker", "3", "1 Des 2026 14:05 WIB"].map((text) => ({
                type: "text",
                text,
              })),
            },
          ],
        },
      }),
    });

  it("the sandbox answers a message's first try with Meta's error, as Meta does, and takes the next", async () => {
    const first = await post("62899130429001");
    expect(first.status).toBe(400);
    expect(await first.json()).toEqual({
      error: {
        message: "(#130429) Rate limit hit",
        type: "OAuthException",
        code: 130429,
        error_data: { messaging_product: "whatsapp", details: expect.any(String) },
        fbtrace_id: expect.any(String),
      },
    });
    expect((await post("62899130429001")).status).toBe(200);
    // Each message to such a number is throttled once (here the pair rate limit's); other numbers never.
    const pair = await post("62899131056001");
    expect(((await pair.json()) as { error: { code: number } }).error.code).toBe(131056);
    expect((await post("6281234567030")).status).toBe(200);
  });

  it("a drop-off message over the pair rate limit (131056) is tried again, not sent by SMS nor given up, and delivered", async () => {
    const stored = await storeParcel("0899131056002");
    const rows = () =>
      app().db.query<{ channel: string; status: string; attempts: number; last_error: string | null }>(
        "select channel, status, attempts, last_error from notification_outbox where order_id = $1 order by id",
        [stored.orderId],
      );
    await expect
      .poll(async () => (await rows())[0]?.last_error ?? "", { timeout: 10_000, interval: 50 })
      .toMatch(/^400 131056 /);
    expect(await rows()).toEqual([
      {
        channel: "whatsapp",
        status: "pending",
        attempts: 1,
        last_error: expect.stringMatching(
          /^400 131056 \(#131056\) .*pair rate limit hit \(fbtrace_id \w+\)$/,
        ),
      },
    ]);
    expect(await outbox("62899131056002")).toEqual([]);
    // A minute later (time passing): the next try is taken and delivered, on WhatsApp only.
    await app().db.query(
      "update notification_outbox set next_attempt_at = now() where order_id = $1 and status = 'pending'",
      [stored.orderId],
    );
    const message = await messageFor("62899131056002");
    expect(message).toMatchObject({ channel: "whatsapp", template: "dropoff_stored" });
    expect(await rows()).toEqual([{ channel: "whatsapp", status: "sent", attempts: 2, last_error: null }]);
    expect((await outbox("62899131056002")).map((entry) => entry.channel)).toEqual(["whatsapp"]);
  });
});

describe("drop-off picked up → WhatsApp message to the recipient", () => {
  /** The parcel's pick-up code, as the order page's QR carries it. */
  async function takeCode(orderId: number) {
    const [row] = await app().db.query<{ code: string }>(
      "select code from access_codes where order_id = $1 and purpose = 'take' and used_at is null",
      [orderId],
    );
    return row?.code ?? "";
  }

  it("says where and when the parcel was taken, once, with no link", async () => {
    const stored = await storeParcel("081234567004");
    await messageFor("6281234567004");
    const scanned = () => call(app(), calls.kioskScan, { body: { code, boxId: stored.boxId } });
    const code = await takeCode(stored.orderId);
    expect(ok(calls.kioskScan, await scanned()).action).toBe("pickup");
    // A second scan of the used code is refused and writes nothing.
    failure(await scanned(), 409);

    await expect
      .poll(async () => (await outbox("6281234567004")).map((entry) => entry.template), { timeout: 10_000 })
      .toEqual(["dropoff_picked_up", "dropoff_stored"]);
    const message = (await outbox("6281234567004"))[0] as DemoOutboxEntry;
    const [order] = await app().db.query<{ box_name: string; mouth_number: string; take_time: Date }>(
      `select b.name as box_name, m.number as mouth_number, o.take_time from orders o
         join mouths m on m.id = o.mouth_id join boxes b on b.id = m.box_id where o.id = $1`,
      [stored.orderId],
    );
    expect(message).toMatchObject({ channel: "whatsapp", language: "id", links: [] });
    expect(message.text).toBe(
      `Halo Dewi Lestari, paketmu di loker ${order?.box_name}, pintu ${order?.mouth_number}, sudah diambil pada ${formatDateTimeWib(order?.take_time as Date, "id")}.`,
    );
  });

  it("is not written when the locker refuses the pick-up (the fee is due)", async () => {
    const stored = await storeParcel("081234567005");
    await messageFor("6281234567005");
    const code = await takeCode(stored.orderId);
    await app().db.query("update orders set deadline = now() - interval '1 hour' where id = $1", [
      stored.orderId,
    ]);
    failure(await call(app(), calls.kioskScan, { body: { code, boxId: stored.boxId } }), 409);
    const rows = await app().db.query<{ template: string }>(
      "select template from notification_outbox where order_id = $1 and template = 'dropoff_picked_up'",
      [stored.orderId],
    );
    expect(rows).toEqual([]);
  });
});

describe("GET /api/demo/outbox", () => {
  it("lists newest first, one recipient's with ?to= in any of its written forms", async () => {
    await storeParcel("081234567010", "Pengirim Pertama");
    await messageFor("6281234567010");
    await storeParcel("081234567011", "Pengirim Kedua");
    await messageFor("6281234567011");
    await storeParcel("081234567010", "Pengirim Ketiga");
    await expect.poll(async () => (await outbox("6281234567010")).length, { timeout: 10_000 }).toBe(2);

    const all = await outbox();
    expect(all.slice(0, 3).map((entry) => entry.to)).toEqual([
      "6281234567010",
      "6281234567011",
      "6281234567010",
    ]);
    const times = all.map((entry) => entry.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);

    for (const to of ["6281234567010", "+6281234567010", "081234567010"]) {
      const mine = await outbox(to);
      expect(
        mine.map((entry) => entry.text.match(/dari (Pengirim \w+)/)?.[1]),
        to,
      ).toEqual(["Pengirim Ketiga", "Pengirim Pertama"]);
    }
    expect(await outbox("6289999999999")).toEqual([]);
    failure(await app().inject({ method: "GET", url: "/api/demo/outbox?to=abc" }), 400);
  });
});

describe("WhatsApp webhook", () => {
  it("answers the subscription handshake with the challenge, and 403 to a wrong token or mode", async () => {
    const verification = (mode: string, token: string) =>
      app().inject({
        method: "GET",
        url: calls.whatsappWebhookVerification.path,
        query: { "hub.mode": mode, "hub.verify_token": token, "hub.challenge": "1158201444" },
      });
    const good = await verification("subscribe", "paxelbox-sandbox-verify-token");
    expect(good.statusCode).toBe(200);
    expect(good.headers["content-type"]).toMatch(/^text\/plain/);
    expect(good.body).toBe("1158201444");
    failure(await verification("subscribe", "not-our-token"), 403);
    failure(await verification("unsubscribe", "paxelbox-sandbox-verify-token"), 403);
  });

  it("refuses a forged or unsigned webhook with 401 and records nothing", async () => {
    const body = statusWebhook("wamid.FORGED", "read");
    const { raw } = signed(body);
    failure(await postWebhook(raw), 401);
    failure(await postWebhook(raw, webhookSignature("another-secret", raw)), 401);
    // Signed, then changed: the signature covers the exact bytes.
    failure(await postWebhook(raw.replace("read", "sent"), signed(body).signature), 401);
    const rows = await app().db.query(
      "select 1 from notification_statuses where provider_message_id = 'wamid.FORGED'",
    );
    expect(rows).toEqual([]);
  });

  it("records each status once, moves the message only forward, and takes a replay as a duplicate", async () => {
    const stored = await storeParcel("081234567020");
    const message = await messageFor("6281234567020");
    const statusOf = async () =>
      (
        await app().db.query<{ delivery_status: string }>(
          "select delivery_status from notification_outbox where order_id = $1",
          [stored.orderId],
        )
      )[0]?.delivery_status;
    expect(await statusOf()).toBe("delivered");

    const read = signed(statusWebhook(message.id, "read"));
    const first = ok(calls.whatsappWebhook, await postWebhook(read.raw, read.signature));
    expect(first).toEqual({ statuses: 1, recorded: 1 });
    expect(await statusOf()).toBe("read");
    // Meta delivers a webhook again until it gets a 200: the same status twice changes nothing.
    const replay = ok(calls.whatsappWebhook, await postWebhook(read.raw, read.signature));
    expect(replay).toEqual({ statuses: 1, recorded: 0 });
    // A late "delivered" does not move a read message back.
    const late = signed(statusWebhook(message.id, "delivered"));
    expect(ok(calls.whatsappWebhook, await postWebhook(late.raw, late.signature)).recorded).toBe(0);
    expect(await statusOf()).toBe("read");
    const recorded = await app().db.query<{ status: string }>(
      "select status from notification_statuses where provider_message_id = $1 order by status",
      [message.id],
    );
    expect(recorded.map((row) => row.status)).toEqual(["delivered", "read", "sent"]);
  });
});

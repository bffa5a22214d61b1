import { calls, type DemoOutboxEntry, type Language, OverdueDropoffDetail } from "@paxelbox/contract";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { formatDateTimeWib, formatRupiah, hourWib } from "../../src/notifications/format.ts";
import { isQuiet, notificationSchedule } from "../../src/notifications/schedule.ts";
import { whatsappClient } from "../../src/notifications/whatsapp.ts";
import { deliverDue } from "../../src/notifications/worker.ts";
import {
  call,
  failure,
  ok,
  payDropoffFee,
  scenario,
  submitOverdueForm,
  useApp,
  useServer,
} from "../helpers.ts";

/**
 * The time-driven messages (`notifications/schedule.ts`): the sweep writes each once when its moment
 * comes and not before, never twice (a second sweep, two at once), again for a new deadline, and not
 * at all — or withdrawn when it is to be sent — once the parcel is taken, the fee paid or the rent
 * ended. Time moves as the demo's clock moves it: the order's times go into the past
 * (`advanceOrder`). The app's own sweep and worker are too slow to take part: each test sweeps and
 * delivers itself, to the WhatsApp sandbox, whose outbox shows what a phone would.
 */
const app = useApp({ NOTIFICATIONS_POLL_MS: "60000", NOTIFICATIONS_SWEEP_MS: "3600000" });
const origin = useServer(app);

const settings = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }).notifications;
const schedule = () => notificationSchedule(app().log, { whatsapp: true }, settings);
const sweep = () => schedule().sweep(app().db);

/** One worker round to the sandbox, checking each time-driven message before it is sent. */
const deliver = () =>
  deliverDue(app().db, {
    senders: {
      whatsapp: whatsappClient({
        graphUrl: () => `${origin()}/demo/whatsapp`,
        version: settings.graphVersion,
        phoneNumberId: settings.phoneNumberId,
        token: settings.token,
        timeoutMs: 10_000,
      }),
    },
    metrics: app().metrics,
    log: app().log,
    publicOrigin: () => origin(),
    maxAttempts: 3,
    leaseMs: 60_000,
    withdraw: (id) => schedule().withdrawIfGone(app().db, id),
  });

interface Row {
  event: string;
  template: string;
  language: Language;
  recipient: string;
  idempotency_key: string;
  status: string;
  link: string | null;
}
/** The order's WhatsApp messages but the first (`dropoff-stored`), oldest first. */
const messagesOf = (orderId: number) =>
  app().db.query<Row>(
    `select event, template, language, recipient, idempotency_key, status, link from notification_outbox
      where order_id = $1 and channel = 'whatsapp' and event <> 'dropoff-stored' order by id`,
    [orderId],
  );
const outboxCount = async () =>
  Number((await app().db.query<{ n: string }>("select count(*) as n from notification_outbox"))[0]?.n);

const advance = async (orderId: number, minutes: number) =>
  ok(
    calls.advanceOrder,
    await call(app(), calls.advanceOrder, { params: { id: orderId }, body: { minutes } }),
  );

async function orderTimes(orderId: number) {
  const [order] = await app().db.query<{
    deadline: Date;
    overdue_unit_price: number;
    box_name: string;
    mouth_number: string;
  }>(
    `select o.deadline, o.overdue_unit_price, b.name as box_name, m.number as mouth_number
       from orders o join mouths m on m.id = o.mouth_id join boxes b on b.id = m.box_id where o.id = $1`,
    [orderId],
  );
  return order as NonNullable<typeof order>;
}

/** What the phone received about one order (newest first), by its number as the sandbox keeps it. */
async function phoneMessages(to: string, template: string): Promise<DemoOutboxEntry[]> {
  const all = ok(calls.demoOutbox, await call(app(), calls.demoOutbox, { query: { to } }));
  return all.filter((message) => message.template === template);
}

/**
 * The order and token of a message's link, which must be this site's `path`; a message in English
 * opens its page in English (`lang=en`), one in Indonesian in the default language.
 */
function linkOf(message: DemoOutboxEntry, path: string) {
  expect(message.links).toHaveLength(1);
  const url = new URL(message.links[0] as string);
  expect(`${url.origin}${url.pathname}`).toBe(`${origin()}${path}`);
  expect(url.searchParams.get("lang")).toBe(message.language === "en" ? "en" : null);
  return { orderid: Number(url.searchParams.get("orderid")), token: url.searchParams.get("token") as string };
}

/**
 * A message's token opens its order and nothing else: not a member (no member code), not another
 * order (404 as for a missing one).
 */
async function opensOnly(token: string, orderid: number, otherOrderid: number) {
  const user = ok(calls.validateUser, await call(app(), calls.validateUser, { query: { token } }));
  expect(user).toMatchObject({ member_code: "", first_name: "Rina Kartika", email: "" });
  const order = ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
  expect(order.id).toBe(orderid);
  failure(await call(app(), calls.orderDetail, { params: { orderid: otherOrderid }, token }), 404);
}

/** The parcel or the items taken out at the locker with the order's take code (no fee due). */
async function takeOut(orderId: number) {
  const [take] = await app().db.query<{ code: string }>(
    "select code from access_codes where order_id = $1 and purpose = 'take' and used_at is null",
    [orderId],
  );
  const scanned = ok(calls.kioskScan, await call(app(), calls.kioskScan, { body: { code: take?.code } }));
  expect(scanned.orderStatus).toBe("CUSTOMER_TAKEN");
}

const dropoffPhone = "62811222233333";
const hours = (n: number) => n * 60;

describe("a drop-off's reminder before its free period ends", () => {
  it("is written once when due, not before, whatever the sweeps, and its link opens that order only", async () => {
    const stored = await scenario(app(), "dropoff-in-store");
    const orderId = Number(stored.get("orderid"));
    const other = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    // Stored 3 hours ago, free for 2 days: the reminder is due 24 hours before the end.
    await sweep();
    await advance(orderId, hours(20));
    await sweep();
    expect(await messagesOf(orderId)).toEqual([]);

    await advance(orderId, hours(1) + 1);
    const before = await outboxCount();
    const written = await Promise.all([sweep(), sweep()]);
    const { deadline, overdue_unit_price, box_name, mouth_number } = await orderTimes(orderId);
    expect(await messagesOf(orderId)).toEqual([
      {
        event: "dropoff-reminder",
        template: "dropoff_reminder",
        language: "id",
        recipient: dropoffPhone,
        idempotency_key: `dropoff-reminder:order:${orderId}:${deadline.toISOString()}`,
        status: "pending",
        link: expect.stringMatching(new RegExp(`^/order\\?orderid=${orderId}&token=[\\w-]{32}$`)),
      },
    ]);
    // Two sweeps at once wrote each message once, and said so.
    expect(written[0] + written[1]).toBe((await outboxCount()) - before);
    expect(await sweep()).toBe(0);

    await deliver();
    const [message] = await phoneMessages(dropoffPhone, "dropoff_reminder");
    expect(message?.language).toBe("id");
    expect(message?.text).toContain(
      `Halo Rina Kartika, paketmu di loker ${box_name}, pintu ${mouth_number},`,
    );
    expect(message?.text).toContain(`Waktu gratisnya berakhir pada ${formatDateTimeWib(deadline, "id")};`);
    expect(message?.text).toContain(`biayanya ${formatRupiah(overdue_unit_price)} per hari`);
    const link = linkOf(message as DemoOutboxEntry, "/order");
    expect(link.orderid).toBe(orderId);
    expect(link.token).not.toBe(stored.get("token"));
    await opensOnly(link.token, orderId, other);
    expect((await messagesOf(orderId))[0]).toMatchObject({ status: "sent", link: null });
  });

  it("comes again for a new deadline, and not for a parcel taken before it is sent", async () => {
    const orderId = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    await advance(orderId, hours(22));
    await sweep();
    expect((await messagesOf(orderId)).map((row) => row.event)).toEqual(["dropoff-reminder"]);
    // The free period is moved (a new deadline, still less than a day ahead): a new reminder.
    await app().db.query("update orders set deadline = deadline + interval '30 minutes' where id = $1", [
      orderId,
    ]);
    await sweep();
    const rows = await messagesOf(orderId);
    expect(rows.map((row) => row.event)).toEqual(["dropoff-reminder", "dropoff-reminder"]);
    expect(new Set(rows.map((row) => row.idempotency_key)).size).toBe(2);

    // The parcel is taken before the worker's round: the first reminder was for a deadline that is
    // no more, the second for a parcel that is gone. Neither is sent; the pick-up's own message is.
    await takeOut(orderId);
    const sentBefore = (await phoneMessages(dropoffPhone, "dropoff_reminder")).length;
    await deliver();
    const settled = [
      ["dropoff-reminder", "withdrawn", null],
      ["dropoff-reminder", "withdrawn", null],
      ["dropoff-picked-up", "sent", null],
    ];
    expect((await messagesOf(orderId)).map((row) => [row.event, row.status, row.link])).toEqual(settled);
    expect(await phoneMessages(dropoffPhone, "dropoff_reminder")).toHaveLength(sentBefore);
    await advance(orderId, hours(30));
    await sweep();
    expect((await messagesOf(orderId)).map((row) => [row.event, row.status, row.link])).toEqual(settled);
  });

  it("written under a longer lead (an instance of the release before a shorter one) is sent, not withdrawn as early", async () => {
    const orderId = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    // 22 hours before the end: due under the 24 hours of the instance that writes it …
    await advance(orderId, hours(22));
    await sweep();
    const [row] = await app().db.query<{ id: number }>(
      "select id from notification_outbox where order_id = $1 and event = 'dropoff-reminder'",
      [orderId],
    );
    expect(row).toBeDefined();
    // … not yet under the 12 hours of the instance that sends it: what it says still holds.
    const shorter = notificationSchedule(
      app().log,
      { whatsapp: true },
      { ...settings, dropoffReminderMs: 12 * 3_600_000 },
    );
    expect(await shorter.withdrawIfGone(app().db, Number(row?.id))).toBe(false);
    // Gone for good (the parcel taken), it is withdrawn by either.
    await takeOut(orderId);
    expect(await shorter.withdrawIfGone(app().db, Number(row?.id))).toBe(true);
  });

  it("is not written for a free period shorter than its lead, nor for a taken parcel's scenario", async () => {
    const orderId = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    // Given a deadline 20 hours after its store: its reminder's moment was before the parcel was in.
    await app().db.query("update orders set deadline = store_time + interval '20 hours' where id = $1", [
      orderId,
    ]);
    await sweep();
    expect(await messagesOf(orderId)).toEqual([]);
    const taken = Number((await scenario(app(), "dropoff-overdue-taken")).get("orderid"));
    await sweep();
    expect(await messagesOf(taken)).toEqual([]);
  });
});

describe("a drop-off's overdue fee starting", () => {
  it("is written once the deadline has passed, with the link to the overdue page of that order only", async () => {
    const stored = await scenario(app(), "dropoff-in-store");
    const orderId = Number(stored.get("orderid"));
    await advance(orderId, hours(45) - 1);
    await sweep();
    expect((await messagesOf(orderId)).map((row) => row.event)).toEqual(["dropoff-reminder"]);
    await advance(orderId, 2);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const { deadline, overdue_unit_price } = await orderTimes(orderId);
    const rows = await messagesOf(orderId);
    expect(rows.map((row) => [row.event, row.template, row.idempotency_key])).toEqual([
      ["dropoff-reminder", "dropoff_reminder", expect.stringMatching(/^dropoff-reminder:order:/)],
      ["dropoff-overdue", "dropoff_overdue", `dropoff-overdue:order:${orderId}:${deadline.toISOString()}`],
    ]);

    await deliver();
    // The reminder's deadline moved with the clock (the demo's advance): it is withdrawn, not sent late.
    expect((await messagesOf(orderId)).map((row) => row.status)).toEqual(["withdrawn", "sent"]);
    const [message] = await phoneMessages(dropoffPhone, "dropoff_overdue");
    expect(message?.text).toContain(
      `waktu pengambilannya berakhir pada ${formatDateTimeWib(deadline, "id")}.`,
    );
    expect(message?.text).toContain(`biaya perpanjang sewa ${formatRupiah(overdue_unit_price)} per hari`);
    const link = linkOf(message as DemoOutboxEntry, "/overduepayment");
    expect(link.orderid).toBe(orderId);
    const detail = OverdueDropoffDetail.parse(
      ok(
        calls.overdueDropoffDetail,
        await call(app(), calls.overdueDropoffDetail, { params: { orderid: orderId }, token: link.token }),
      ),
    );
    expect(detail).toMatchObject({
      id: orderId,
      overdueStatus: "need_to_pay",
      recipientName: "Rina Kartika",
    });
    const other = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    await opensOnly(link.token, orderId, other);
    // It expires with the order's link.
    await app().db.query("update orders set link_expires_at = now() - interval '1 minute' where id = $1", [
      orderId,
    ]);
    failure(await call(app(), calls.orderDetail, { params: { orderid: orderId }, token: link.token }), 410);
  });

  it("is written by the scenario that makes a fee overdue, shown in the demo outbox, and withdrawn once the fee is paid", async () => {
    const { orderid, token } = await submitOverdueForm(app(), "rina.schedule@example.id", "en");
    // The scenario wrote it as the sweep would, at once.
    expect((await messagesOf(orderid)).map((row) => [row.event, row.status, row.language])).toEqual([
      ["dropoff-overdue", "pending", "id"],
    ]);
    await sweep();
    expect(await messagesOf(orderid)).toHaveLength(1);

    const payment = await payDropoffFee(app(), origin(), orderid, token, "rina.schedule@example.id");
    await deliver();
    const rows = await messagesOf(orderid);
    expect(rows.map((row) => [row.event, row.template, row.language, row.status])).toEqual([
      ["dropoff-overdue", "dropoff_overdue", "id", "withdrawn"],
      ["dropoff-fee-paid", "dropoff_fee_paid", "en", "sent"],
    ]);
    expect(rows[1]?.idempotency_key).toBe(`dropoff-fee-paid:payment:${payment.id}`);

    // The fee paid: its WhatsApp message in the overdue page's language, with the pick-up QR's link.
    const [paid] = await phoneMessages(dropoffPhone, "dropoff_fee_paid");
    const { deadline, box_name, mouth_number } = await orderTimes(orderid);
    expect(paid?.language).toBe("en");
    expect(paid?.text).toContain(`we have received your overdue fee of ${formatRupiah(payment.amount)}.`);
    expect(paid?.text).toContain(
      `at the ${box_name} locker, door ${mouth_number}, can be picked up until ${formatDateTimeWib(deadline, "en")}.`,
    );
    const link = linkOf(paid as DemoOutboxEntry, "/order");
    expect(link.orderid).toBe(orderid);
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: link.token }),
    );
    const [pickup] = await app().db.query<{ code: string }>(
      "select code from access_codes where order_id = $1 and purpose = 'pickup' and used_at is null",
      [orderid],
    );
    expect(order.barcode.qrcodeCustomerTake).toBe(pickup?.code);

    // Paid: no reminder of the pick-up time just given, no overdue notice while it lasts…
    await sweep();
    expect(await messagesOf(orderid)).toHaveLength(2);
    // …and a new one when it has passed with the parcel still inside: the fee runs again.
    await advance(orderid, hours(24) + 1);
    await sweep();
    const after = await messagesOf(orderid);
    expect(after.map((row) => row.event)).toEqual(["dropoff-overdue", "dropoff-fee-paid", "dropoff-overdue"]);
    expect(after[2]?.idempotency_key).not.toBe(after[0]?.idempotency_key);
    // In the language the overdue page was read in, and so is the page its link opens.
    await deliver();
    const [overdue] = await phoneMessages(dropoffPhone, "dropoff_overdue");
    expect(overdue?.language).toBe("en");
    expect(linkOf(overdue as DemoOutboxEntry, "/overduepayment").orderid).toBe(orderid);
  });

  it("is not written before the deadline, nor once the link has expired", async () => {
    const orderId = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    await advance(orderId, hours(45) - 2);
    await sweep();
    expect((await messagesOf(orderId)).map((row) => row.event)).toEqual(["dropoff-reminder"]);
    const expired = Number((await scenario(app(), "dropoff-overdue-expired")).get("orderid"));
    await sweep();
    expect(await messagesOf(expired)).toEqual([]);
  });
});

describe("rents: about to end, and overdue", () => {
  /** A rent scenario of the member who speaks `language` (id: Budi, en: Sari). */
  async function rent(id: string, language: Language = "id"): Promise<number> {
    const response = await app().inject({
      method: "POST",
      url: `/api/demo/scenarios/${id}?language=${language}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = (response.json() as { data: { url: string } }).data.url;
    return Number(new URL(url, "http://x").searchParams.get("orderid"));
  }
  const budiPhone = "6281234567801";
  const sariPhone = "6281234567802";

  it("tell the member, in the member's language, once each, with no link", async () => {
    const budi = await rent("rent-in-store");
    const sari = await rent("rent-in-store", "en");
    // Due in 3 hours; reminded an hour before.
    await advance(budi, hours(1));
    await advance(sari, hours(1));
    await sweep();
    expect(await messagesOf(budi)).toEqual([]);
    await advance(budi, hours(1) + 1);
    await advance(sari, hours(1) + 1);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const [budiRow] = await messagesOf(budi);
    const [sariRow] = await messagesOf(sari);
    expect(budiRow).toMatchObject({ event: "rent-ending", language: "id", recipient: budiPhone, link: null });
    expect(sariRow).toMatchObject({ event: "rent-ending", language: "en", recipient: sariPhone, link: null });
    expect(await messagesOf(sari)).toHaveLength(1);

    await deliver();
    const { deadline, box_name, mouth_number } = await orderTimes(sari);
    const [english] = await phoneMessages(sariPhone, "rent_ending");
    expect(english).toMatchObject({ language: "en", links: [] });
    expect(english?.text).toBe(
      `Hi Sari Wijaya, your locker rent at ${box_name}, door ${mouth_number}, ends on ${formatDateTimeWib(deadline, "en")}. Open this rent in the app to take your items out before then.`,
    );
    const [indonesian] = await phoneMessages(budiPhone, "rent_ending");
    expect(indonesian?.text).toMatch(
      /^Halo Budi Santoso, masa sewa lokermu di .+ berakhir pada \d{1,2} \w{3} \d{4} \d{2}:\d{2} WIB\./,
    );

    // Past the deadline: the overdue notice, once.
    await advance(sari, hours(1));
    await sweep();
    await sweep();
    expect((await messagesOf(sari)).map((row) => [row.event, row.language])).toEqual([
      ["rent-ending", "en"],
      ["rent-overdue", "en"],
    ]);
  });

  it("are written by the overdue rent scenario and shown in the demo outbox; none for a rent without a fee", async () => {
    const budi = await rent("rent-in-store-overdue");
    const sari = await rent("rent-in-store-overdue", "en");
    const free = await rent("rent-in-store-overdue-free");
    expect((await messagesOf(budi)).map((row) => [row.event, row.language, row.recipient])).toEqual([
      ["rent-overdue", "id", budiPhone],
    ]);
    expect((await messagesOf(sari)).map((row) => [row.event, row.language])).toEqual([
      ["rent-overdue", "en"],
    ]);
    expect(await messagesOf(free)).toEqual([]);
    await sweep();
    expect(await messagesOf(budi)).toHaveLength(1);

    await deliver();
    const { deadline, overdue_unit_price } = await orderTimes(budi);
    const [message] = await phoneMessages(budiPhone, "rent_overdue");
    expect(message).toMatchObject({ channel: "whatsapp", language: "id", links: [] });
    expect(message?.text).toContain(`sudah berakhir pada ${formatDateTimeWib(deadline, "id")} dan barangmu`);
    expect(message?.text).toContain(`Biaya perpanjang sewa ${formatRupiah(overdue_unit_price)} per jam`);
  });

  // PGlite's clock is its process's: instances with clocks apart need a PostgreSQL server.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "follow the database's clock, not an instance's clock that is ahead: the overdue notice comes when the rent ends, and is sent",
    async () => {
      const orderId = await rent("rent-in-store");
      // The rent ends in 2 minutes. One instance's clock is 5 minutes ahead: it sweeps; another, its
      // clock right, sends.
      await advance(orderId, hours(3) - 2);
      const sweepAhead = async () => {
        const right = Date.now;
        const ahead = vi.spyOn(Date, "now").mockImplementation(() => right() + 5 * 60_000);
        try {
          await sweep();
        } finally {
          ahead.mockRestore();
        }
      };
      await sweepAhead();
      await deliver();
      expect((await messagesOf(orderId)).map((row) => [row.event, row.status])).toEqual([
        ["rent-ending", "sent"],
      ]);
      await advance(orderId, 3);
      await sweepAhead();
      await deliver();
      expect((await messagesOf(orderId)).map((row) => [row.event, row.status])).toEqual([
        ["rent-ending", "sent"],
        ["rent-overdue", "sent"],
      ]);
    },
  );

  it("are not sent once the rent has ended", async () => {
    const orderId = await rent("rent-in-store");
    await advance(orderId, hours(2) + 1);
    await sweep();
    expect((await messagesOf(orderId)).map((row) => row.event)).toEqual(["rent-ending"]);
    await takeOut(orderId);
    await deliver();
    expect((await messagesOf(orderId)).map((row) => row.status)).toEqual(["withdrawn"]);
    await advance(orderId, hours(5));
    await sweep();
    expect(await messagesOf(orderId)).toHaveLength(1);
  });
});

describe("quiet hours (QUIET_HOURS, 21 to 7 WIB outside demo mode)", () => {
  it("hold a drop-off's reminder and overdue notice until the morning, not a rent's reminder", async () => {
    const quietHours = { from: 21, to: 7 };
    const night = notificationSchedule(app().log, { whatsapp: true }, { ...settings, quietHours });
    const [clock] = await app().db.query<{ now: number }>(
      "select extract(epoch from now())::float8 * 1000 as now",
    );
    // The first minute of the coming night (or now, at night), and the morning after it.
    let dark = Number(clock?.now);
    while (!isQuiet(quietHours, dark)) dark += 60_000;
    let morning = dark;
    while (isQuiet(quietHours, morning)) morning += 60_000;
    expect(hourWib(new Date(morning))).toBe(7);

    const reminded = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    const overdue = Number((await scenario(app(), "dropoff-in-store")).get("orderid"));
    const rented = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    const setTimes = (id: number, deadline: number, stored?: number) =>
      app().db.query("update orders set deadline = $2, store_time = coalesce($3, store_time) where id = $1", [
        id,
        new Date(deadline),
        stored === undefined ? null : new Date(stored),
      ]);
    // In the night: the reminder's moment an hour ago, a free period ended an hour ago, a rent that
    // ends in half an hour.
    await setTimes(reminded, dark + hours(23) * 60_000);
    await setTimes(overdue, dark - hours(1) * 60_000);
    await setTimes(rented, dark + 30 * 60_000, dark - hours(2) * 60_000);

    await night.sweep(app().db, dark);
    expect(await messagesOf(reminded)).toEqual([]);
    expect(await messagesOf(overdue)).toEqual([]);
    expect((await messagesOf(rented)).map((row) => row.event)).toEqual(["rent-ending"]);

    await night.sweep(app().db, morning);
    const [reminder] = await messagesOf(reminded);
    expect(reminder?.event).toBe("dropoff-reminder");
    expect((await messagesOf(overdue)).map((row) => row.event)).toEqual(["dropoff-overdue"]);
    // A message written is not withdrawn for the hour: at night it is still due.
    const [row] = await app().db.query<{ id: number }>(
      "select id from notification_outbox where order_id = $1 and event = 'dropoff-reminder'",
      [reminded],
    );
    expect(await night.withdrawIfGone(app().db, Number(row?.id), dark)).toBe(false);
  });
});

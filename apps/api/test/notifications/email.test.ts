import { calls, type DemoOutboxEntry } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { outboxWriter } from "../../src/notifications/outbox.ts";
import { type PaymentRow, settle } from "../../src/payments/service.ts";
import {
  call,
  captchaToken,
  failure,
  multipart,
  ok,
  payDropoffFee,
  submitOverdueForm,
  useApp,
  useServer,
} from "../helpers.ts";

/**
 * The e-mail channel end to end on one machine, in demo mode: the change writes the e-mail in its
 * transaction, the worker sends it over SMTP to this installation's sink, which parses and keeps it,
 * and `GET /api/demo/outbox?to=<address>` shows it as a mail client would.
 */
const app = useApp({ NOTIFICATIONS_POLL_MS: "50", PARTNERSHIP_INBOX: "kemitraan@paxelbox.example" });
const origin = useServer(app);

async function outbox(to?: string): Promise<DemoOutboxEntry[]> {
  return ok(calls.demoOutbox, await call(app(), calls.demoOutbox, to ? { query: { to } } : {}));
}

/** Waits until the sink holds `count` messages for the address. */
async function mailFor(to: string, count = 1): Promise<DemoOutboxEntry[]> {
  await expect.poll(async () => (await outbox(to)).length, { timeout: 10_000, interval: 50 }).toBe(count);
  return outbox(to);
}

const rowsOf = (key: string, channel = "email") =>
  app().db.query<{ status: string; channel: string; recipient: string; attempts: number }>(
    "select status, channel, recipient, attempts from notification_outbox where idempotency_key like $1 and channel = $2",
    [key, channel],
  );

const overdueFeeSubmitted = (email: string, language: "id" | "en") =>
  submitOverdueForm(app(), email, language);
const pay = (orderid: number, token: string, email: string) =>
  payDropoffFee(app(), origin(), orderid, token, email);

/** The pick-up code's end, in WIB as the e-mail writes it. */
async function validUntil(orderid: number): Promise<Date> {
  const [code] = await app().db.query<{ expires_at: Date }>(
    "select expires_at from access_codes where order_id = $1 and purpose = 'pickup' order by created_at desc limit 1",
    [orderid],
  );
  return code?.expires_at as Date;
}

const wib = (date: Date) => new Date(date.getTime() + 7 * 3_600_000);
const two = (n: number) => String(n).padStart(2, "0");
const rupiah = (amount: number) => `Rp. ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

describe("a drop-off's overdue fee paid → a receipt by e-mail", () => {
  it("is sent once to the overdue page's address, in Indonesian, with the invoice, amount, door and the QR's validity", async () => {
    const { orderid, token, detail } = await overdueFeeSubmitted("Rina.Kartika@Example.id", "id");
    const payment = await pay(orderid, token, "rina.kartika@example.id");
    const [mail] = await mailFor("rina.kartika@example.id");
    const until = wib(await validUntil(orderid));
    const months = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];
    const untilText = `${until.getUTCDate()} ${months[until.getUTCMonth()]} ${until.getUTCFullYear()} ${two(until.getUTCHours())}:${two(until.getUTCMinutes())} WIB`;
    expect(mail).toMatchObject({
      channel: "email",
      to: "rina.kartika@example.id",
      from: "PaxelBox <no-reply@paxelbox.localhost>",
      template: "dropoff_fee_receipt",
      subject: `Pembayaran diterima: ${detail.invoiceNumber}`,
      language: "id",
      status: "delivered",
      links: [],
    });
    expect(mail?.text.trimEnd()).toBe(
      [
        "Halo Rina Kartika,",
        "",
        "Terima kasih, pembayaran biaya perpanjang sewa paketmu sudah kami terima.",
        "",
        `Nomor invoice: ${detail.invoiceNumber}`,
        `Jumlah: ${rupiah(payment.amount)}`,
        `Loker: ${detail.mouth.box.name}, pintu ${detail.mouth.number}`,
        "",
        `QR pengambilan di halaman paketmu berlaku 24 jam, sampai ${untilText}. Pindai QR itu di loker untuk membuka pintu ${detail.mouth.number}.`,
        "",
        "Salam,",
        "PaxelBox",
      ].join("\n"),
    );
    expect(payment.amount).toBe(detail.overdueTotalPrice);
    expect(rupiah(15000)).toBe("Rp. 15.000");

    // The gateway's notification of the same charge, again: credited once, so written and sent once.
    await settle(
      app().db,
      payment.id,
      { status: "SUCCESS", amount: payment.amount },
      {
        source: "test",
        gateways: () => {
          throw new Error("not asked");
        },
        log: app().log,
        outbox: outboxWriter(
          app().log,
          { whatsapp: true, email: true, partnershipInbox: "x@example.id" },
          "Paxel",
        ),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outbox("rina.kartika@example.id")).toHaveLength(1);
    expect(await rowsOf(`dropoff-fee-paid:payment:${payment.id}`)).toEqual([
      { status: "sent", channel: "email", recipient: "Rina.Kartika@Example.id", attempts: 1 },
    ]);
  });

  it("is in English when the overdue page was", async () => {
    const { orderid, token, detail } = await overdueFeeSubmitted("budi.en@example.id", "en");
    await pay(orderid, token, "budi.en@example.id");
    const [mail] = await mailFor("budi.en@example.id");
    expect(mail?.language).toBe("en");
    expect(mail?.subject).toBe(`Payment received: ${detail.invoiceNumber}`);
    expect(mail?.text).toContain(`Invoice number: ${detail.invoiceNumber}\nAmount: Rp. `);
    expect(mail?.text).toMatch(
      /is valid for 24 hours, until \d{1,2} [A-Z][a-z]{2,3} \d{4} \d{2}:\d{2} WIB\./,
    );
  });

  it("is written in the credit's transaction: a credit that fails writes no receipt", async () => {
    const { orderid } = await overdueFeeSubmitted("rollback@example.id", "id");
    const [saved] = await app().db.query<PaymentRow>(
      `insert into payments (id, order_id, purpose, gateway, overdue_key, amount, overdue_units, partner_reference_no,
                             success_url, failed_url, cancel_url)
       select 'PAYROLLBACKTEST0001', id, 'dropoff-overdue', 'midtrans', 'dropoff-overdue:' || id || ':0', 15000, 3,
              express_number, 'x', 'x', 'x' from orders where id = $1 returning *`,
      [orderid],
    );
    const writer = outboxWriter(
      app().log,
      { whatsapp: true, email: true, partnershipInbox: "x@example.id" },
      "Paxel",
    );
    const options = {
      source: "test",
      gateways: () => {
        throw new Error("not asked");
      },
      log: app().log,
      outbox: {
        ...writer,
        // The receipt is written, then the transaction fails (a crash, a lost connection).
        async dropoffFeePaid(
          tx: Parameters<typeof writer.dropoffFeePaid>[0],
          input: Parameters<typeof writer.dropoffFeePaid>[1],
        ) {
          await writer.dropoffFeePaid(tx, input);
          expect(
            await tx.query(
              "select channel from notification_outbox where idempotency_key = $1 order by channel",
              [`dropoff-fee-paid:payment:${input.paymentId}`],
            ),
          ).toEqual([{ channel: "email" }, { channel: "whatsapp" }]);
          throw new Error("the transaction fails after the receipt");
        },
      },
    };
    await expect(
      settle(app().db, saved?.id as string, { status: "SUCCESS", amount: 15000 }, options),
    ).rejects.toThrow("the transaction fails after the receipt");
    expect(await rowsOf("dropoff-fee-paid:payment:PAYROLLBACKTEST0001")).toEqual([]);
    expect(await rowsOf("dropoff-fee-paid:payment:PAYROLLBACKTEST0001", "whatsapp")).toEqual([]);
    const [after] = await app().db.query<{ status: string }>("select status from payments where id = $1", [
      saved?.id,
    ]);
    expect(after?.status).toBe("PENDING");
    // Settled again, it commits: the receipt with it.
    await settle(
      app().db,
      saved?.id as string,
      { status: "SUCCESS", amount: 15000 },
      { ...options, outbox: writer },
    );
    expect(await rowsOf("dropoff-fee-paid:payment:PAYROLLBACKTEST0001")).toHaveLength(1);
    await mailFor("rollback@example.id");
  });
});

describe("a guest-book lead → the partnership inbox, and an acknowledgement to its sender", () => {
  it("sends every field to PARTNERSHIP_INBOX and the white paper's link to the sender, in the page's language", async () => {
    const form = multipart({
      sender_name: "Sari Wijaya",
      sender_contact: "0812-3456-7890",
      sender_email: "Sari@Example.id",
      requested_value: "advertise_in_paxelbox",
      message: "We manage three apartment towers.\nCan we talk next week?",
      business_type: "Business",
      token: await captchaToken(app()),
    });
    const sent = await app().inject({
      method: "POST",
      url: calls.sendGuestBook.path,
      remoteAddress: "10.9.0.1",
      payload: form.payload,
      headers: { ...form.headers, "accept-language": "en" },
    });
    const result = ok(calls.sendGuestBook, sent);
    const [submission] = await app().db.query<{ id: number; created_at: Date }>(
      "select id, created_at from guest_book_submissions order by id desc limit 1",
    );

    const [lead] = await mailFor("kemitraan@paxelbox.example");
    const received = wib(submission?.created_at as Date);
    const months = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];
    expect(lead).toMatchObject({
      channel: "email",
      template: "partnership_lead",
      subject: "Guest book: Sari Wijaya (Beriklan di PaxelBox)",
      language: "id",
    });
    expect(lead?.text.trimEnd()).toBe(
      [
        "Ada pesan baru dari guest book kemitraan.",
        "",
        "Nama: Sari Wijaya",
        "Kontak: 081234567890",
        "Email: Sari@Example.id",
        "Keperluan: Beriklan di PaxelBox",
        "Jenis usaha: Bisnis",
        `Diterima: ${received.getUTCDate()} ${months[received.getUTCMonth()]} ${received.getUTCFullYear()} ${two(received.getUTCHours())}:${two(received.getUTCMinutes())} WIB`,
        "",
        "Pesan:",
        "We manage three apartment towers.",
        "Can we talk next week?",
        "",
        "Balas email ini untuk menjawab Sari Wijaya.",
      ].join("\n"),
    );
    const [reply] = await app().db.query<{ reply_to: string }>(
      "select reply_to from email_sandbox_messages where recipient = 'kemitraan@paxelbox.example'",
    );
    expect(reply?.reply_to).toBe("Sari@example.id");

    const [ack] = await mailFor("sari@example.id");
    const whitePaper = `${origin()}${result.white_papers[0]?.url}`;
    expect(ack).toMatchObject({
      channel: "email",
      to: "sari@example.id",
      template: "partnership_ack",
      subject: "Thank you, we have received your message",
      language: "en",
      links: [whitePaper],
    });
    expect(ack?.text.trimEnd()).toBe(
      [
        "Hello,",
        "",
        "Thank you for filling in the PaxelBox guest book (Advertising in PaxelBox). Our partnership team will contact you soon.",
        "",
        "Meanwhile, download our partnership white paper:",
        whitePaper,
        "",
        "Regards,",
        "PaxelBox",
      ].join("\n"),
    );
    expect((await fetch(whitePaper)).status).toBe(200);
    expect((await rowsOf(`guest-book-lead:submission:${submission?.id}:%`)).map((row) => row.status)).toEqual(
      ["sent"],
    );
    expect((await rowsOf("guest-book-lead:ack:sari@example.id:%")).map((row) => row.status)).toEqual([
      "sent",
    ]);
  });

  it("acknowledges an address nobody confirmed without repeating what was typed, once a day", async () => {
    // A form that names someone else's address, its name carrying a message and a link.
    const send = async () => {
      const form = multipart({
        sender_name: "Budi\nURGENT: your parcel is held, pay at https://paxel-pay.example.com/x",
        sender_contact: "081234567890",
        sender_email: "victim@example.org",
        requested_value: "advertise_in_paxelbox",
        message: "Hello",
        token: await captchaToken(app()),
      });
      const sent = await app().inject({
        method: "POST",
        url: calls.sendGuestBook.path,
        remoteAddress: "10.9.0.2",
        payload: form.payload,
        headers: form.headers,
      });
      return ok(calls.sendGuestBook, sent);
    };
    await send();
    const [ack] = await mailFor("victim@example.org");
    expect(ack?.template).toBe("partnership_ack");
    expect(ack?.text).not.toMatch(/URGENT|paxel-pay|Budi/);
    expect(ack?.subject).not.toMatch(/URGENT|paxel-pay|Budi/);
    // The lead itself still reaches the partnership team; the address gets no second mail today.
    await send();
    await expect
      .poll(
        async () =>
          (await outbox("kemitraan@paxelbox.example")).filter((m) => m.text.includes("URGENT")).length,
      )
      .toBe(2);
    expect(await outbox("victim@example.org")).toHaveLength(1);
  });
});

describe("GET /api/demo/outbox", () => {
  it("lists e-mails and WhatsApp messages newest first, and one address's with ?to= in any case", async () => {
    const all = await outbox();
    expect(all.some((entry) => entry.channel === "email")).toBe(true);
    const times = all.map((entry) => entry.receivedAt);
    expect(times).toEqual([...times].sort().reverse());
    const mine = await outbox("SARI@example.ID");
    expect(mine.map((entry) => entry.to)).toEqual(["sari@example.id"]);
    expect(await outbox("nobody@example.id")).toEqual([]);
    failure(await call(app(), calls.demoOutbox, { query: { to: "not an address" } }), 400);
  });
});

import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smtpSender } from "../../src/notifications/email.ts";
import { outboxWriter } from "../../src/notifications/outbox.ts";
import { type DeliveryOptions, deliverDue } from "../../src/notifications/worker.ts";
import { useApp } from "../helpers.ts";

/**
 * Delivery over SMTP against a stand-in server whose replies each test scripts: a 4xx reply and a
 * connection that fails are tried again (then given up after the last try), a 5xx reply is given up
 * at once, and an accepted message is sent once with the envelope and headers expected.
 */
type Reply = number | "accept";
let script: Reply[] = [];
const received: { from: string; to: string[]; raw: string }[] = [];
const server = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(_address, _session, callback) {
    const reply = script.shift() ?? "accept";
    if (reply === "accept") return callback();
    callback(Object.assign(new Error(`scripted ${reply} reply`), { responseCode: reply }));
  },
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw,
      });
      callback();
    });
  },
});
let smtpUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// The SMTP channel (no sink), its worker too slow to take part: each test runs the rounds itself.
const app = useApp({
  SMTP_URL: "smtp://127.0.0.1:1",
  MAIL_FROM: "PaxelBox <no-reply@paxelbox.example>",
  PARTNERSHIP_INBOX: "kemitraan@paxelbox.example",
  NOTIFICATIONS_POLL_MS: "60000",
});

const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
  senders: {
    email: smtpSender({
      url: () => smtpUrl,
      from: "PaxelBox <no-reply@paxelbox.example>",
      timeoutMs: 2_000,
      product: "Paxel",
    }),
  },
  metrics: app().metrics,
  log: app().log,
  publicOrigin: () => "https://paxelbox.example",
  maxAttempts: 3,
  leaseMs: 60_000,
  random: () => 0.5,
  ...overrides,
});

let submissions = 0;
/** A guest-book lead's two e-mails, written as the route writes them; answers their rows' keys. */
async function lead(): Promise<{ inbox: string; sender: string }> {
  const id = 900_000 + ++submissions;
  await app().db.transaction((tx) =>
    outboxWriter(
      app().log,
      {
        whatsapp: false,
        email: true,
        partnershipInbox: "kemitraan@paxelbox.example",
      },
      "Paxel",
    ).guestBookLead(tx, {
      submissionId: id,
      language: "id",
      senderName: "Sari",
      senderContact: "081234567890",
      senderEmail: `sari${id}@example.id`,
      purpose: "paxelbox_locker",
      businessType: null,
      message: "Halo",
      receivedAt: new Date("2026-12-01T07:05:00Z"),
      whitePaperUrl: "/api/v1/white-papers/paxelbox-partnership.pdf",
    }),
  );
  return {
    inbox: `guest-book-lead:submission:${id}:partnership`,
    sender: `guest-book-lead:ack:sari${id}@example.id:2026-12-01`,
  };
}

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  link: string | null;
}
const rowOf = async (key: string) =>
  (
    await app().db.query<Row>("select * from notification_outbox where idempotency_key = $1", [key])
  )[0] as Row;
const due = () =>
  app().db.query("update notification_outbox set next_attempt_at = now() where status = 'pending'");
const metric = async (name: string, template: string) => {
  const text = await app().metrics.registry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{channel="email",template="${template}"}`));
  return Number(line?.split(" ").at(-1) ?? 0);
};

beforeEach(async () => {
  await app().db.query("update notification_outbox set status = 'dead' where status = 'pending'");
  received.length = 0;
  script = [];
});

describe("delivery over SMTP", () => {
  it("sends each e-mail once, from MAIL_FROM, with its language and template, and keeps the Message-ID", async () => {
    const keys = await lead();
    expect(await deliverDue(app().db, options())).toEqual({ sent: 2, retried: 0, dead: 0 });
    expect(received.map((mail) => mail.to)).toEqual([
      ["kemitraan@paxelbox.example"],
      ["sari900001@example.id"],
    ]);
    expect(received[0]?.from).toBe("no-reply@paxelbox.example");
    expect(received[0]?.raw).toMatch(/^Content-Language: id$/m);
    expect(received[0]?.raw).toMatch(/^X-PaxelBox-Template: partnership_lead$/im);
    expect(received[0]?.raw).toMatch(/^Reply-To: sari900001@example\.id$/m);
    // Quoted-printable: long lines are wrapped with soft breaks.
    expect(received[1]?.raw.replace(/=\r\n/g, "")).toContain(
      "https://paxelbox.example/api/v1/white-papers/paxelbox-partnership.pdf",
    );
    const sent = await rowOf(keys.sender);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, link: null, last_error: null });
    expect(sent.provider_message_id).toMatch(/^<.+@.+>$/);
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(received).toHaveLength(2);
  });

  it("tries again after a 4xx reply and a failed connection, then gives up after the last try", async () => {
    const keys = await lead();
    // The acknowledgement is out of the way: this test follows the inbox's e-mail.
    await app().db.query("update notification_outbox set status = 'dead' where idempotency_key = $1", [
      keys.sender,
    ]);
    const retriedBefore = await metric("paxelbox_notifications_retried_total", "partnership_lead");
    const deadBefore = await metric("paxelbox_notifications_dead_lettered_total", "partnership_lead");
    script = [451];
    expect((await deliverDue(app().db, options())).retried).toBe(1);
    let row = await rowOf(keys.inbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/^451 /);

    await due();
    const refused = options({
      senders: {
        email: smtpSender({
          url: "smtp://127.0.0.1:1",
          from: "x <x@example.id>",
          timeoutMs: 2_000,
          product: "Paxel",
        }),
      },
    });
    expect((await deliverDue(app().db, refused)).retried).toBe(1);
    row = await rowOf(keys.inbox);
    expect(row.last_error).toMatch(/^network: /);

    await due();
    script = [452];
    expect((await deliverDue(app().db, options())).dead).toBe(1);
    row = await rowOf(keys.inbox);
    expect(row).toMatchObject({ status: "dead", attempts: 3 });
    expect(row.last_error).toMatch(/^452 /);
    expect(received).toHaveLength(0);
    expect(await metric("paxelbox_notifications_retried_total", "partnership_lead")).toBe(retriedBefore + 2);
    expect(await metric("paxelbox_notifications_dead_lettered_total", "partnership_lead")).toBe(
      deadBefore + 1,
    );
  });

  it("gives up at once on a 5xx reply (dead letter), keeping the link to send it again", async () => {
    const keys = await lead();
    script = ["accept", 550];
    expect(await deliverDue(app().db, options())).toEqual({ sent: 1, retried: 0, dead: 1 });
    const row = await rowOf(keys.sender);
    expect(row).toMatchObject({
      status: "dead",
      attempts: 1,
      link: "/api/v1/white-papers/paxelbox-partnership.pdf",
    });
    expect(row.last_error).toMatch(/^550 /);
    await due();
    expect(await deliverDue(app().db, options())).toEqual({ sent: 0, retried: 0, dead: 0 });
  });

  it("leaves e-mails alone where the e-mail channel has no sender", async () => {
    const keys = await lead();
    expect(await deliverDue(app().db, options({ senders: {} }))).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(await rowOf(keys.inbox)).toMatchObject({ status: "pending", attempts: 0 });
  });
});

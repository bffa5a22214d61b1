import { calls } from "@paxelbox/contract";
import { afterEach, describe, expect, it } from "vitest";
import { enqueue } from "../src/notifications/outbox.ts";
import { deliverDue } from "../src/notifications/worker.ts";
import { budi, call, scenario, useApp } from "./helpers.ts";

/**
 * What the operator's log store receives about the people the service serves: no names, phone
 * numbers, e-mail addresses, photos or secrets, even when a request fails. The app logs to a stream
 * this file reads, line by line.
 */

interface LogLine {
  level: number;
  msg?: string;
  error?: string;
  err?: Record<string, unknown> & { message?: string; code?: string };
}

const lines: LogLine[] = [];
// The notification worker too slow to take part: the test runs its round itself.
const app = useApp(
  { LOG_LEVEL: "debug", NOTIFICATIONS_POLL_MS: "60000" },
  { logStream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
);

afterEach(() => {
  lines.length = 0;
});

const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("error lines", () => {
  it("name what failed in the database, never the values of the statement", async () => {
    const form = await scenario(app(), "package-form");
    const boxId = Number(form.get("boxId"));
    const sizes = await call(app(), calls.lockerSizes, { params: { boxId } });
    const [size] = (JSON.parse(sizes.body) as { data: { name: string }[] }).data;
    // A fault of the database's own (a constraint no request should meet) on the parcel's insert,
    // whose parameters are the people's names, the recipient's phone and the photo.
    await app().db.query(
      "alter table dropoff_packages add constraint privacy_test_refusal check (recipient_name <> 'Rina Privasi')",
    );
    try {
      const sent = await call(app(), calls.sendPackageData, {
        body: {
          takeUserPhoneNumber: "0811987650123",
          box: { id: boxId },
          mouth: { mouthType: { name: size?.name } },
          photo: png,
          recipientName: "Rina Privasi",
          takeUserLanguage: "Indonesia",
          senderName: "Kurir Rahasia",
        },
      });
      expect(sent.statusCode).toBe(500);
    } finally {
      await app().db.query("alter table dropoff_packages drop constraint privacy_test_refusal");
    }
    const failed = lines.find((line) => line.msg === "request failed");
    // The line still says what failed: the error, its code and its constraint.
    expect(failed?.err?.message).toMatch(/privacy_test_refusal/);
    expect(failed?.err?.code).toBe("23514");
    const logged = JSON.stringify(lines);
    for (const value of ["0811987650123", "Rina Privasi", "Kurir Rahasia", "Buffer", "\\\\x"]) {
      expect(logged).not.toContain(value);
    }
  });

  it("of messages not sent give the provider's answer without the address or number it quotes", async () => {
    const mailbox = "rina.privasi@example.id";
    const phone = "6281198765012";
    await app().db.transaction(async (tx) => {
      await enqueue(tx, {
        event: "guest-book-lead",
        orderId: null,
        channel: "email",
        template: "partnership_ack",
        language: "id",
        recipient: mailbox,
        parameters: ["Rina"],
        link: null,
        idempotencyKey: "privacy-test:email",
      });
      await enqueue(tx, {
        event: "dropoff-stored",
        orderId: null,
        channel: "whatsapp",
        template: "dropoff_stored",
        language: "id",
        recipient: phone,
        parameters: ["Rina"],
        link: null,
        idempotencyKey: "privacy-test:whatsapp",
      });
    });
    const round = await deliverDue(app().db, {
      senders: {
        // As a mail server refuses a mailbox, and as an SMS-style provider names a number.
        email: async (message) => ({
          kind: "refused",
          error: `550 5.1.1 <${message.to}>: Recipient address rejected: User unknown in virtual mailbox table`,
        }),
        whatsapp: async (message) => ({
          kind: "retry",
          error: `EC_UNKNOWN_SUBSCRIBER destination +${message.to} not reachable`,
        }),
      },
      metrics: app().metrics,
      log: app().log,
      publicOrigin: () => "https://paxelbox.example",
      maxAttempts: 3,
      leaseMs: 60_000,
      random: () => 0.5,
    });
    expect(round).toEqual({ sent: 0, retried: 1, dead: 1 });
    const given = lines.find((line) => line.msg === "notification given up (dead letter)");
    expect(given?.error).toBe(
      "550 5.1.1 <[e-mail]>: Recipient address rejected: User unknown in virtual mailbox table",
    );
    const retried = lines.find((line) => line.msg === "notification not sent; it will be tried again");
    expect(retried?.error).toBe("EC_UNKNOWN_SUBSCRIBER destination [phone] not reachable");
    expect(JSON.stringify(lines)).not.toContain(mailbox);
    expect(JSON.stringify(lines)).not.toContain(phone);
    // The outbox row keeps the whole answer, beside the recipient it already holds.
    const [row] = await app().db.query<{ last_error: string }>(
      "select last_error from notification_outbox where idempotency_key = 'privacy-test:email'",
    );
    expect(row?.last_error).toContain(mailbox);
  });
});

describe("request lines", () => {
  it("hide the WhatsApp webhook's verify token that Meta sends in the address", async () => {
    const verifyToken = "paxelbox-sandbox-verify-token";
    const handshake = await app().inject({
      url: `${calls.whatsappWebhookVerification.path}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
    });
    expect(handshake.statusCode).toBe(200);
    expect(handshake.body).toBe("1158201444");
    const [line] = lines.filter((entry) => entry.msg === "request completed");
    expect(JSON.stringify(line)).toContain("hub.verify_token=[redacted]");
    expect(JSON.stringify(lines)).not.toContain(verifyToken);
  });
});

describe("request lines of the locker finder", () => {
  it("hide the position the visitor's phone measured", async () => {
    const near = await app().inject({ url: `${calls.lockerLocations.path}?lat=-6.2297465&lng=106.8295181` });
    expect(near.statusCode).toBe(200);
    const [line] = lines.filter((entry) => entry.msg === "request completed");
    expect(JSON.stringify(line)).toContain("lat=[redacted]&lng=[redacted]");
    expect(JSON.stringify(lines)).not.toMatch(/6\.2297465|106\.8295181/);
  });
});

describe("answers to a credential", () => {
  it("are kept by no cache: the member's own data and a payment access token", async () => {
    const member = await call(app(), calls.validateUser, { query: { token: budi } });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('"phone"');
    expect(member.headers["cache-control"]).toBe("no-store");
    // A drop-off link's holder gets the recipient's name and phone.
    const link = await scenario(app(), "dropoff-in-store");
    const recipient = await call(app(), calls.validateUser, { query: { token: link.get("token") ?? "" } });
    expect(recipient.statusCode).toBe(200);
    expect(recipient.headers["cache-control"]).toBe("no-store");
    const access = await call(app(), calls.paymentToken, { token: budi });
    expect(access.body).toContain("access_token");
    expect(access.headers["cache-control"]).toBe("no-store");
    // A refused token is answered alike.
    const refused = await call(app(), calls.validateUser, { query: { token: "not-a-token" } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("keep what their call says, and public answers stay as they were", async () => {
    const orderid = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    const order = await call(app(), calls.orderDetail, { params: { orderid }, token: budi });
    expect(order.headers["cache-control"]).toBe("private, no-cache");
    const settings = await call(app(), calls.settings);
    expect(settings.statusCode).toBe(200);
    expect(settings.headers["cache-control"]).toBe("public, max-age=60");
  });
});

import type { AddressInfo } from "node:net";
import type { DemoOutboxEntry, Language } from "@paxelbox/contract";
import type { FastifyBaseLogger } from "fastify";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Database } from "../../db/database.ts";
import { linksIn } from "../templates.ts";

/** The development SMTP sink, listening on loopback. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`: where the e-mail channel sends in demo mode without SMTP_URL. */
  url(): string;
  close(): Promise<void>;
}

/** `Name <address>, …` as a mail client shows it (unquoted). */
const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((list) => list.value)
    .map(({ name, address }) => (name ? `${name} <${address ?? ""}>` : (address ?? "")))
    .join(", ");

/**
 * An SMTP server for development and the demo (demo mode only, never with SMTP_URL): it accepts
 * every message on 127.0.0.1 only, parses it as a mail client would (mailparser) and keeps it, one
 * row per envelope recipient, for `GET /api/demo/outbox`. No TLS and no authentication: it is
 * reachable from this machine only, and holds nothing but what this installation sent.
 */
export async function startSmtpSink(db: Database, log: FastifyBaseLogger): Promise<SmtpSink> {
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const language = String(mail.headers.get("content-language") ?? "").trim();
          const template = String(mail.headers.get("x-paxelbox-template") ?? "").trim();
          const text = mail.text ?? "";
          const from = session.envelope.mailFrom;
          for (const recipient of session.envelope.rcptTo) {
            await db.query(
              `insert into email_sandbox_messages
                 (message_id, envelope_from, recipient, from_address, reply_to, subject, template, language, text, links)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
              [
                mail.messageId ?? `<sink-${Date.now()}@paxelbox.localhost>`,
                from ? from.address : "",
                recipient.address.toLowerCase(),
                addresses(mail.from),
                addresses(mail.replyTo) || null,
                mail.subject ?? "",
                template || null,
                language === "id" || language === "en" ? language : null,
                text,
                JSON.stringify(linksIn(text)),
              ],
            );
          }
          callback();
        })
        .catch((error: unknown) => {
          log.warn({ error: String(error) }, "SMTP sink: a message could not be kept");
          callback(Object.assign(new Error("Message not kept, try again later"), { responseCode: 451 }));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: () => `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the sink received, newest first; one address's with `to`. */
export async function sinkOutbox(db: Database, to: string | undefined): Promise<DemoOutboxEntry[]> {
  const rows = await db.query<{
    seq: string;
    message_id: string;
    recipient: string;
    from_address: string;
    subject: string;
    template: string | null;
    language: Language | null;
    text: string;
    links: string[];
    received_at: Date;
  }>(
    `select seq, message_id, recipient, from_address, subject, template, language, text, links, received_at
       from email_sandbox_messages where ($1::text is null or recipient = $1) order by seq desc limit 200`,
    [to?.toLowerCase() ?? null],
  );
  return rows.map((row) => ({
    id: row.message_id,
    channel: "email",
    to: row.recipient,
    from: row.from_address,
    template: row.template ?? row.subject,
    subject: row.subject,
    language: row.language ?? "id",
    text: row.text,
    links: row.links,
    // The sink is the mailbox: a message it kept has arrived.
    status: "delivered",
    receivedAt: row.received_at.toISOString(),
  }));
}

import type { DemoOutboxEntry } from "@paxelbox/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { NotificationsConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { randomCode } from "../../domain/tokens.ts";
import { smsSendPath } from "../sms.ts";
import { linksIn } from "../templates.ts";

/** Where the sandbox answers: the adapter's base URL in demo mode is the instance's origin + this. */
export const smsSandboxPrefix = "/demo/infobip";

/** Infobip's status of a message handed on to the operators, as its send call answers it. */
const pendingAccepted = {
  groupId: 1,
  groupName: "PENDING",
  id: 26,
  name: "PENDING_ACCEPTED",
  description: "Message sent to next instance",
};
/** Infobip's status of a destination that is not a phone number. */
const rejectedDestination = {
  groupId: 5,
  groupName: "REJECTED",
  id: 52,
  name: "REJECTED_DESTINATION",
  description: "Invalid destination address.",
};

/**
 * The SMS gateway sandbox (demo mode only, never with SMS_GATEWAY_URL): Infobip's "send SMS message"
 * call (`POST /sms/2/text/advanced`) under `/demo/infobip`, checked as Infobip checks it (`App` API
 * key, messages with destinations and a text). A destination in international format is answered
 * PENDING and kept as the phone would show it (`GET /api/demo/outbox`); any other is REJECTED. It
 * sends no delivery reports.
 */
export function smsSandboxRoutes(app: FastifyInstance, db: Database, config: NotificationsConfig): void {
  const SendBody = z.object({
    bulkId: z.string().max(100).optional(),
    messages: z
      .array(
        z.object({
          destinations: z
            .array(z.object({ to: z.string().min(1).max(50) }))
            .min(1)
            .max(100),
          from: z.string().max(14).optional(),
          text: z.string().min(1).max(4096),
          callbackData: z.string().max(4000).optional(),
        }),
      )
      .min(1)
      .max(100),
  });
  const CallbackData = z.object({ template: z.string().max(100), language: z.enum(["id", "en"]) });

  /** An Infobip API error, as Infobip answers one. */
  const requestError = (reply: FastifyReply, status: number, messageId: string, text: string) =>
    reply.status(status).send({ requestError: { serviceException: { messageId, text } } });

  app.post(`${smsSandboxPrefix}${smsSendPath}`, { schema: { hide: true } }, async (request, reply) => {
    if (request.headers.authorization !== `App ${config.smsApiKey}`) {
      return requestError(reply, 401, "UNAUTHORIZED", "Invalid login details");
    }
    const body = SendBody.safeParse(request.body);
    if (!body.success) {
      return requestError(reply, 400, "BAD_REQUEST", `Bad request: ${body.error.issues[0]?.message}`);
    }
    const answers = [];
    for (const message of body.data.messages) {
      const about = CallbackData.safeParse(safeJson(message.callbackData));
      for (const destination of message.destinations) {
        const messageId = `sandbox-${randomCode(24)}`;
        if (!/^[1-9]\d{7,14}$/.test(destination.to)) {
          answers.push({ to: destination.to, status: rejectedDestination, messageId });
          continue;
        }
        await db.query(
          `insert into sms_sandbox_messages (id, sender, recipient, template, language, request, text, links)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            messageId,
            message.from ?? "InfoSMS",
            destination.to,
            about.success ? about.data.template : null,
            about.success ? about.data.language : null,
            JSON.stringify(message),
            message.text,
            JSON.stringify(linksIn(message.text)),
          ],
        );
        // One part per 160 characters (153 once split), as a GSM-7 text is counted.
        const smsCount = message.text.length <= 160 ? 1 : Math.ceil(message.text.length / 153);
        answers.push({ to: destination.to, status: pendingAccepted, messageId, smsCount });
      }
    }
    // A bulk id only for a request to more than one destination, as Infobip answers.
    const bulkId = answers.length > 1 ? (body.data.bulkId ?? `sandbox-bulk-${randomCode(16)}`) : undefined;
    return reply.send({ ...(bulkId ? { bulkId } : {}), messages: answers });
  });
}

function safeJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the sandbox accepted, newest first; one number's with `to`. */
export async function smsSandboxOutbox(db: Database, to: string | undefined): Promise<DemoOutboxEntry[]> {
  const rows = await db.query<{
    id: string;
    sender: string;
    recipient: string;
    template: string | null;
    language: "id" | "en" | null;
    text: string;
    links: string[];
    received_at: Date;
  }>(
    `select id, sender, recipient, template, language, text, links, received_at from sms_sandbox_messages
      where ($1::text is null or recipient = $1) order by seq desc limit 200`,
    [to ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    channel: "sms",
    to: row.recipient,
    from: row.sender,
    template: row.template ?? "sms",
    language: row.language ?? "id",
    text: row.text,
    links: row.links,
    // The gateway took it on (PENDING); the sandbox sends no delivery reports.
    status: "sent",
    receivedAt: row.received_at.toISOString(),
  }));
}

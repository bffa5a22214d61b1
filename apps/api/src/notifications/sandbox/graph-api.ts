import { createHash } from "node:crypto";
import { calls, type DemoOutboxEntry } from "@paxelbox/contract";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { NotificationsConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { randomCode } from "../../domain/tokens.ts";
import { isTemplateName, linksIn, renderTemplate, templates } from "../templates.ts";
import { webhookSignature } from "../webhook.ts";

/**
 * The sandbox's test numbers of a phone without WhatsApp: `0899 131026` and up to three more digits
 * (`62899131026…`). A message to one is accepted, then reported `failed` with error 131026, as Meta
 * reports a number that is not on WhatsApp (docs/notifications.md).
 */
export const notOnWhatsApp = (to: string) => to.startsWith("62899131026");

/**
 * Meta's throttling errors the sandbox answers, as Meta answers them (HTTP 400): the pair rate limit
 * (too many messages to one recipient in a short time) and the Cloud API's throughput.
 */
const throttlingErrors = {
  131056: {
    message: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
    details:
      "Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.",
  },
  130429: {
    message: "(#130429) Rate limit hit",
    details: "Cloud API message throughput has been reached.",
  },
} as const;

/**
 * The sandbox's test numbers of a throttled recipient: `0899` and the error's code, and up to three
 * more digits — `0899 131056…` (`62899131056…`, the pair rate limit) and `0899 130429…`
 * (`62899130429…`, the throughput). The first try of each message to one is answered HTTP 400 with
 * that error, as Meta answers it; the next try of the same message is accepted (docs/notifications.md).
 */
export function throttledTestNumber(to: string): keyof typeof throttlingErrors | undefined {
  if (to.startsWith("62899131056")) return 131056;
  if (to.startsWith("62899130429")) return 130429;
  return undefined;
}

/** How many throttled messages the sandbox remembers awaiting their next try (the oldest go first). */
const throttledKept = 1_000;

/**
 * The WhatsApp Business Cloud API sandbox (demo mode only, never with the `cloud` channel): the Graph
 * API's messages endpoint under `/demo/whatsapp`, checked as Meta checks it (bearer token, phone
 * number id, an approved template in that language, the right number of body parameters). It keeps
 * each accepted message as a phone would show it (`GET /api/demo/outbox`) and reports it `sent`,
 * then `delivered` (to a test number without WhatsApp: `failed`, 131026), to the API's webhook,
 * signed with the app secret as Meta signs. To a throttled test number it answers the first try of
 * each message with Meta's throttling error (`throttledTestNumber`).
 */
export async function whatsappSandboxRoutes(
  app: FastifyInstance,
  db: Database,
  config: NotificationsConfig,
  selfOrigin: () => string,
): Promise<{ settled(): Promise<void> }> {
  const reports = new Set<Promise<void>>();
  /** The messages to throttled test numbers answered with the error once: hashes of their requests. */
  const throttled = new Set<string>();

  const MessageBody = z.object({
    messaging_product: z.literal("whatsapp"),
    recipient_type: z.literal("individual").optional(),
    to: z.string().regex(/^[1-9]\d{7,14}$/),
    type: z.literal("template"),
    template: z.object({
      name: z.string().min(1).max(512),
      language: z.object({ code: z.string().min(2).max(10) }),
      components: z
        .array(
          z.object({
            type: z.string(),
            parameters: z.array(z.object({ type: z.literal("text"), text: z.string().max(1024) })).optional(),
          }),
        )
        .optional(),
    }),
  });
  const Params = z.object({ version: z.string().regex(/^v\d+\.\d+$/), phoneNumberId: z.string().max(32) });

  /** A Graph API error, as Meta answers one. */
  const graphError = (reply: FastifyReply, status: number, code: number, message: string, details?: string) =>
    reply.status(status).send({
      error: {
        message,
        type: "OAuthException",
        code,
        ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
        fbtrace_id: randomCode(11),
      },
    });

  app.post(
    "/demo/whatsapp/:version/:phoneNumberId/messages",
    { schema: { hide: true } },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (request.headers.authorization !== `Bearer ${config.token}`) {
        return graphError(reply, 401, 190, "Invalid OAuth access token - Cannot parse access token");
      }
      if (!params.success || params.data.phoneNumberId !== config.phoneNumberId) {
        return graphError(reply, 400, 100, "Unsupported post request: unknown phone number id");
      }
      const body = MessageBody.safeParse(request.body);
      if (!body.success)
        return graphError(reply, 400, 100, `Invalid parameter: ${body.error.issues[0]?.message}`);
      const { to, template } = body.data;
      const language = template.language.code;
      if (!isTemplateName(template.name) || (language !== "id" && language !== "en")) {
        return graphError(reply, 404, 132001, "Template name does not exist in the translation");
      }
      const parameters = (template.components ?? [])
        .filter((component) => component.type === "body")
        .flatMap((component) => component.parameters ?? [])
        .map((parameter) => parameter.text);
      if (parameters.length !== templates[template.name].parameters.length) {
        return graphError(
          reply,
          400,
          132000,
          "Number of parameters does not match the expected number of params",
        );
      }
      // Meta's rule for body parameters (error 132018).
      if (parameters.some((parameter) => /[\n\t]| {5}/.test(parameter))) {
        return graphError(
          reply,
          400,
          132018,
          "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
        );
      }
      const throttling = throttledTestNumber(to);
      if (throttling !== undefined) {
        // The same message tried again is the same request (its parameters, its link).
        const key = createHash("sha256").update(JSON.stringify(request.body)).digest("base64url");
        if (!throttled.delete(key)) {
          if (throttled.size >= throttledKept) throttled.delete(throttled.values().next().value as string);
          throttled.add(key);
          const { message, details } = throttlingErrors[throttling];
          return graphError(reply, 400, throttling, message, details);
        }
      }
      const text = renderTemplate(template.name, language, parameters);
      const id = `wamid.${Buffer.from(`sandbox-${randomCode(24)}`).toString("base64url")}`;
      await db.query(
        `insert into whatsapp_sandbox_messages (id, phone_number_id, recipient, template, language, request, text, links)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          config.phoneNumberId,
          to,
          template.name,
          language,
          JSON.stringify(request.body),
          text,
          JSON.stringify(linksIn(text)),
        ],
      );
      const report = reportStatuses(db, config, selfOrigin, id, to, request.log).finally(() =>
        reports.delete(report),
      );
      reports.add(report);
      return reply.send({
        messaging_product: "whatsapp",
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id }],
      });
    },
  );

  return {
    async settled() {
      while (reports.size > 0) await Promise.allSettled([...reports]);
    },
  };
}

/**
 * Posts `sent`, then `delivered` (to a number without WhatsApp: `failed` with error 131026), each
 * signed, to the API's webhook; a refused report ends the round.
 */
async function reportStatuses(
  db: Database,
  config: NotificationsConfig,
  selfOrigin: () => string,
  id: string,
  to: string,
  log: FastifyBaseLogger,
): Promise<void> {
  // After the answer has left: the API records the message id as the reports come in, as with Meta.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const undeliverable = notOnWhatsApp(to);
  for (const status of undeliverable ? (["failed"] as const) : (["sent", "delivered"] as const)) {
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "WHATSAPP-BUSINESS-ACCOUNT-SANDBOX",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "6281100000000", phone_number_id: config.phoneNumberId },
                statuses: [
                  {
                    id,
                    status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: to,
                    ...(status === "failed" ? { errors: [undeliverableError] } : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    try {
      const response = await fetch(`${selfOrigin()}${calls.whatsappWebhook.path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": webhookSignature(config.appSecret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
      await db.query("update whatsapp_sandbox_messages set status = $2 where id = $1", [id, status]);
    } catch (error) {
      log.warn(
        { messageId: id, status, error: String(error) },
        "WhatsApp sandbox: status report not delivered",
      );
      return;
    }
  }
}

/** Meta's error for a message to a number that is not on WhatsApp. */
const undeliverableError = {
  code: 131026,
  title: "Message undeliverable",
  message: "Message undeliverable",
  error_data: { details: "Message Undeliverable." },
};

/** What the sandbox received, newest first; one recipient's with `to`. */
export async function sandboxOutbox(db: Database, to: string | undefined): Promise<DemoOutboxEntry[]> {
  const rows = await db.query<{
    id: string;
    recipient: string;
    template: string;
    language: "id" | "en";
    text: string;
    links: string[];
    status: DemoOutboxEntry["status"];
    received_at: Date;
  }>(
    `select id, recipient, template, language, text, links, status, received_at from whatsapp_sandbox_messages
      where ($1::text is null or recipient = $1) order by seq desc limit 200`,
    [to ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    channel: "whatsapp",
    to: row.recipient,
    template: row.template,
    language: row.language,
    text: row.text,
    links: row.links,
    status: row.status,
    receivedAt: row.received_at.toISOString(),
  }));
}

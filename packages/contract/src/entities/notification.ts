import * as z from "zod/mini";
import { Count, checked, described, Language } from "../common.ts";

/** Delivery statuses WhatsApp reports for a message, in the order they happen (failed: not delivered). */
export const DeliveryStatus = z.enum(["sent", "delivered", "read", "failed"]);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

const bounded = (max: number) => checked(z.string(), z.maxLength(max));

/** One status of a WhatsApp Cloud API webhook (`entry[].changes[].value.statuses[]`). */
export const WhatsAppStatus = z.object({
  id: described(
    checked(z.string(), z.minLength(1), z.maxLength(200)),
    "the message id (wamid) the send answered",
  ),
  status: DeliveryStatus,
  timestamp: described(checked(z.string(), z.regex(/^\d{1,12}$/)), "Unix seconds"),
  recipient_id: z.optional(bounded(32)),
  errors: z.optional(
    z.array(
      z.object({
        code: z.optional(z.number()),
        title: z.optional(bounded(500)),
        message: z.optional(bounded(500)),
      }),
    ),
  ),
});

/**
 * A WhatsApp Business Cloud API webhook (`object: whatsapp_business_account`), as Meta posts it to
 * the callback URL, signed in `X-Hub-Signature-256` (`sha256=` + HMAC-SHA256 of the raw body with
 * the app secret). Only `statuses` are read; other fields (incoming messages, pricing) are accepted
 * and ignored.
 */
export const WhatsAppWebhook = z.object({
  object: bounded(64),
  entry: z.array(
    z.object({
      id: z.optional(bounded(64)),
      changes: z.array(
        z.object({
          field: z.optional(bounded(64)),
          value: z.object({
            messaging_product: z.optional(bounded(32)),
            metadata: z.optional(
              z.object({
                display_phone_number: z.optional(bounded(32)),
                phone_number_id: z.optional(bounded(32)),
              }),
            ),
            statuses: z.optional(z.array(WhatsAppStatus)),
          }),
        }),
      ),
    }),
  ),
});
export type WhatsAppWebhook = z.infer<typeof WhatsAppWebhook>;

/** What a webhook brought: statuses read, and statuses new to us (a replayed one is not). */
export const WebhookReceipt = z.object({ statuses: Count, recorded: Count });

/** The subscription handshake Meta makes when the callback URL is set. */
export const WhatsAppVerificationQuery = z.strictObject({
  "hub.mode": bounded(32),
  "hub.verify_token": bounded(256),
  "hub.challenge": checked(z.string(), z.minLength(1), z.maxLength(256)),
});

/**
 * `?to=`: one recipient's messages: a phone number (E.164 with or without `+`, or a local `08…`
 * number) for WhatsApp and SMS, or an e-mail address (any case) for e-mail.
 */
export const DemoOutboxQuery = z.strictObject({
  to: z.optional(
    checked(
      z.string(),
      z.maxLength(254),
      z.regex(/^(\+?\d{8,15}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, {
        error: "to is a phone number or an e-mail address",
      }),
    ),
  ),
});

/**
 * One message this installation's stand-ins received (the WhatsApp sandbox, the SMS gateway sandbox,
 * the SMTP sink), as the recipient's phone or mail client would show it.
 */
export const DemoOutboxEntry = z.object({
  id: described(
    z.string(),
    "the message id: the wamid the WhatsApp sandbox answered, the SMS gateway sandbox's messageId, or the e-mail's Message-ID",
  ),
  channel: z.enum(["whatsapp", "sms", "email"]),
  to: described(z.string(), "WhatsApp and SMS: E.164 digits without +; e-mail: the address, in lower case"),
  from: z.optional(described(z.string(), "SMS: the sender id; e-mail: the From header")),
  template: described(z.string(), "the template's name (for an e-mail without one, its subject)"),
  subject: z.optional(described(z.string(), "e-mail only")),
  language: Language,
  text: z.string(),
  links: z.array(z.string()),
  status: described(
    z.enum(["accepted", "sent", "delivered", "read", "failed"]),
    "WhatsApp: the last status the sandbox reported to the API's webhook and had acknowledged; SMS: sent (the gateway took it on; no delivery reports); e-mail: delivered (the sink is the mailbox)",
  ),
  receivedAt: described(z.string(), "ISO 8601"),
});
export type DemoOutboxEntry = z.infer<typeof DemoOutboxEntry>;

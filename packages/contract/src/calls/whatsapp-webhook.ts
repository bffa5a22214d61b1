import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { WebhookReceipt, WhatsAppVerificationQuery, WhatsAppWebhook } from "../entities/notification.ts";

/** Notifications: the WhatsApp Business Cloud API's webhook (delivery statuses of our messages). */
export const whatsappWebhook = defineCall({
  id: "whatsappWebhook",
  method: "POST",
  path: "/api/v1/notifications/whatsapp/webhook",
  summary: "WhatsApp delivery statuses (sent, delivered, read, failed), signed with X-Hub-Signature-256",
  description:
    "The callback URL of the WhatsApp app (field `messages`). The signature (`sha256=` + HMAC-SHA256 of the raw body with the app secret) is checked before anything else: a missing or wrong one is 401. A status already recorded is answered 200 and changes nothing.",
  tag: "notifications",
  auth: "none",
  body: WhatsAppWebhook,
  statuses: [401],
  response: WebhookReceipt,
});

export const whatsappWebhookVerification = defineCall({
  id: "whatsappWebhookVerification",
  method: "GET",
  path: "/api/v1/notifications/whatsapp/webhook",
  summary: "WhatsApp webhook subscription handshake: echoes hub.challenge when hub.verify_token is ours",
  description:
    "Meta calls it when the callback URL is set: `hub.mode=subscribe` with our verify token answers the challenge as plain text; anything else is 403.",
  tag: "notifications",
  auth: "none",
  query: WhatsAppVerificationQuery,
  statuses: [403],
  response: z.string(),
  responseType: "text",
});

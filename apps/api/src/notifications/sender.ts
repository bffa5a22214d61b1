import type { Language } from "@paxelbox/contract";
import type { TemplateName } from "./templates.ts";

/**
 * A template message to one recipient (WhatsApp: E.164 digits without `+`; e-mail: an address), its
 * parameters in order.
 */
export interface TemplateMessage<Template extends string = TemplateName> {
  to: string;
  template: Template;
  language: Language;
  parameters: readonly string[];
}

/**
 * What came of one try: accepted (the provider's message id), worth another try later (a timeout,
 * a network failure, 5xx, 429, an SMTP 4xx reply — with the provider's Retry-After when it gave one),
 * or refused for good (any other 4xx of an HTTP API, an SMTP 5xx reply).
 */
export type SendResult =
  | { kind: "accepted"; messageId: string | null }
  | { kind: "retry"; error: string; retryAfterMs?: number }
  | { kind: "refused"; error: string };

/** Sends one message on its channel. */
export type Sender<Template extends string = TemplateName> = (
  message: TemplateMessage<Template>,
) => Promise<SendResult>;

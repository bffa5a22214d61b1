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
 * a network failure, 5xx, 429, an SMTP 4xx reply, a Graph API error code of throttling or of a
 * temporary condition whatever its status — with the provider's Retry-After when it gave one, or a
 * least wait of our own), or refused for good (any other 4xx of an HTTP API, an SMTP 5xx reply).
 */
export type SendResult =
  | { kind: "accepted"; messageId: string | null }
  | { kind: "retry"; error: string; retryAfterMs?: number }
  | { kind: "refused"; error: string };

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now; undefined when absent or bad. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A request to an HTTP API that got no answer (a timeout, a network failure, the worker's stop
 * aborting it): worth another try.
 */
export function unanswered(error: unknown): SendResult {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError") return { kind: "retry", error: "timeout" };
  if (name === "AbortError") return { kind: "retry", error: "aborted" };
  return { kind: "retry", error: `network: ${String(error).slice(0, 200)}` };
}

/** A request's signal: its own timeout, and the caller's abort (the worker stopping) when given. */
export function requestSignal(timeoutMs: number, abort?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return abort ? AbortSignal.any([timeout, abort]) : timeout;
}

/**
 * An HTTP API's error answer by its status: 429 and 5xx are worth another try (not before its
 * Retry-After), any other is a refusal. A provider whose error body says more reads it first
 * (WhatsApp's throttling codes: `graphFailure`, `whatsapp.ts`).
 */
export function failedAnswer(response: Response, error: string): SendResult {
  if (response.status === 429 || response.status >= 500) {
    const after = retryAfterMs(response.headers.get("retry-after"));
    return after === undefined ? { kind: "retry", error } : { kind: "retry", error, retryAfterMs: after };
  }
  return { kind: "refused", error };
}

/**
 * Sends one message on its channel; `abort` (the worker stopping) ends a request in flight, where
 * the sender can (the worker stops waiting for it either way).
 */
export type Sender<Template extends string = TemplateName> = (
  message: TemplateMessage<Template>,
  abort?: AbortSignal,
) => Promise<SendResult>;

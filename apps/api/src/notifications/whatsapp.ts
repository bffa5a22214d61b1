import {
  failedAnswer,
  requestSignal,
  retryAfterMs,
  type Sender,
  type SendResult,
  type TemplateMessage,
  unanswered,
} from "./sender.ts";

export type { Sender, SendResult, TemplateMessage } from "./sender.ts";

export interface WhatsAppClientOptions {
  /** `https://graph.facebook.com`, or the sandbox's `…/demo/whatsapp` (known once the app listens). */
  graphUrl: string | (() => string);
  version: string;
  phoneNumberId: string;
  token: string;
  timeoutMs: number;
}

/**
 * A body parameter as the Cloud API takes it: on one line, without runs of spaces. It refuses a
 * parameter with a new line, a tab or more than four spaces in a row (error 132018), which a name
 * typed or pasted elsewhere than the package form's one-line field may hold: the message would be
 * given up for a character of layout.
 */
export const templateParameter = (text: string) => text.replace(/\s+/g, " ").trim();

/** The body of `POST /{version}/{phone-number-id}/messages` for a template message. */
export function templateRequestBody(message: TemplateMessage) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      components: [
        {
          type: "body",
          parameters: message.parameters.map((text) => ({ type: "text", text: templateParameter(text) })),
        },
      ],
    },
  };
}

/**
 * The Graph API's error codes that Meta documents as throttling or as a temporary condition, to be
 * tried again later: they come with HTTP 400 as often as not, so the status alone would give the
 * message up (and pay for its SMS, write a dead letter and fire the alert) for a matter of waiting.
 * From Meta's list of Cloud API error codes
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes): its throttling
 * errors, and the errors whose documented fix is to wait and try again. Any other code keeps what
 * its HTTP status says (`failedAnswer`).
 */
export const retryableGraphErrorCodes: ReadonlySet<number> = new Set([
  // Throttling errors.
  4, // API too many calls: the app's request limit reached
  80007, // the WhatsApp Business Account's rate limit reached
  130429, // Cloud API message throughput reached
  131048, // spam rate limit hit (a quality-based limit of the number, not a refusal of the recipient)
  131056, // pair rate limit hit: too many messages to the same recipient in a short time
  // Temporary conditions, "try again later".
  2, // API service: temporarily down or overloaded
  131000, // something went wrong (an unknown error): try again
  131016, // a service is temporarily unavailable
  131057, // the business account is in maintenance mode (e.g. a throughput upgrade)
  133004, // server temporarily unavailable
]);

/** Meta's pair rate limit: too many messages from our number to one recipient in a short time. */
export const pairRateLimitErrorCode = 131056;
/**
 * The least wait before a message refused for the pair rate limit is tried again, a Retry-After of
 * our own (the worker's backoff is never shorter). Meta lets a business number send one message
 * every 6 seconds to one recipient, allowing a short burst that must then be paid back at that pace:
 * the first backoff (2.5–5 s) would meet the same limit, and the 07:00 sweep after the quiet hours
 * can write several messages to one recipient at once. A minute clears it; the message is about a
 * parcel, not a matter of seconds.
 */
export const pairRateLimitWaitMs = 60_000;

/** The error of a Graph API answer: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  subcode?: number;
  fbtraceId?: string;
}

/** The Graph API error of an answer's body, its fields checked; undefined for any other body. */
export function graphErrorOf(text: string): GraphError | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (!error || typeof error !== "object") return undefined;
  const { message, type, code, error_subcode, fbtrace_id } = error as Record<string, unknown>;
  const number = (value: unknown) =>
    typeof value === "number" && Number.isInteger(value)
      ? value
      : typeof value === "string" && /^\d+$/.test(value)
        ? Number(value)
        : undefined;
  const string = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    message: string(message),
    type: string(type),
    code: number(code),
    subcode: number(error_subcode),
    fbtraceId: string(fbtrace_id),
  };
}

/**
 * What a Graph API error answer means: a code of `retryableGraphErrorCodes` is tried again whatever
 * the HTTP status (never before a Retry-After header; the pair rate limit not before
 * `pairRateLimitWaitMs`); any other keeps what its status says — 429 and 5xx tried again, any other
 * 4xx a refusal.
 */
export function graphFailure(response: Response, text: string, token = ""): SendResult {
  const graph = graphErrorOf(text);
  const error = describeGraphError(response.status, graph, text, token);
  const code = graph?.code;
  if (code === undefined || !retryableGraphErrorCodes.has(code)) return failedAnswer(response, error);
  const waits = [
    retryAfterMs(response.headers.get("retry-after")),
    code === pairRateLimitErrorCode ? pairRateLimitWaitMs : undefined,
  ].filter((wait) => wait !== undefined);
  return waits.length > 0
    ? { kind: "retry", error, retryAfterMs: Math.max(...waits) }
    : { kind: "retry", error };
}

/**
 * The outbox's last_error (and the worker's log line) of a Graph API error answer: the status, the
 * code (and subcode), Meta's message and its fbtrace_id, which Meta's support asks for. Never the
 * access token: Graph quotes a malformed one in its message, so it is cut out wherever it appears.
 */
function describeGraphError(status: number, graph: GraphError | undefined, text: string, token: string) {
  const parts = graph
    ? [
        graph.code === undefined
          ? ""
          : `${graph.code}${graph.subcode === undefined ? "" : `/${graph.subcode}`}`,
        graph.message ?? "",
        graph.fbtraceId ? `(fbtrace_id ${graph.fbtraceId})` : "",
      ]
    : [text];
  const described = `${status} ${parts.filter((part) => part.length > 0).join(" ")}`.trim();
  return (token.length > 0 ? described.replaceAll(token, "[token]") : described).slice(0, 300);
}

/** The WhatsApp Business Cloud API (Graph API) messages endpoint, as a `Sender`. */
export function whatsappClient(options: WhatsAppClientOptions): Sender {
  const base = typeof options.graphUrl === "string" ? () => options.graphUrl as string : options.graphUrl;
  return async (message, abort) => {
    const url = `${base().replace(/\/$/, "")}/${options.version}/${options.phoneNumberId}/messages`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        body: JSON.stringify(templateRequestBody(message)),
        signal: requestSignal(options.timeoutMs, abort),
      });
    } catch (error) {
      return unanswered(error);
    }
    const text = await response.text().catch(() => "");
    if (response.ok) {
      const messageId = messageIdOf(text);
      // Accepted without an id we can read: the message went out, so it must not be sent again.
      return { kind: "accepted", messageId: messageId ?? null };
    }
    return graphFailure(response, text, options.token);
  };
}

function messageIdOf(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
    return typeof id === "string" && id.length > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

import type { Language } from "@paxelbox/contract";
import { failedAnswer, requestSignal, type Sender, unanswered } from "./sender.ts";
import { renderSms } from "./sms-templates.ts";

export interface SmsGatewayOptions {
  /** The account's base URL (`https://xxxxx.api.infobip.com`), or the sandbox's `…/demo/infobip` (known once the app listens). */
  baseUrl: string | (() => string);
  /** `Authorization: App <key>`. */
  apiKey: string;
  /** The sender id the phone shows (alphanumeric, 3–11 characters, or a number). */
  sender: string;
  timeoutMs: number;
}

/** The path of Infobip's "send SMS message" call (SMS API v2, fully featured). */
export const smsSendPath = "/sms/2/text/advanced";

/**
 * What the gateway is told beside the text, in `callbackData` (which Infobip hands back with delivery
 * reports): the template and language the text was rendered from.
 */
export const smsCallbackData = (template: string, language: Language) =>
  JSON.stringify({ template, language });

/** The body of `POST /sms/2/text/advanced` for one text to one number. */
export function smsRequestBody(to: string, from: string, text: string, callbackData: string) {
  return { messages: [{ destinations: [{ to }], from, text, callbackData }] };
}

/** A message's status in Infobip's answer: `groupName` is PENDING, REJECTED, … */
interface SmsStatus {
  groupId?: number;
  groupName?: string;
  id?: number;
  name?: string;
  description?: string;
}

/**
 * Infobip's SMS API as a `Sender`: the template's SMS text (`sms-templates.ts`) rendered here and
 * posted as one message to one destination. The answer's `messages[0].messageId` is kept; a message
 * whose status is in the REJECTED (or UNDELIVERABLE) group was refused and is not tried again.
 * Timeouts, network failures, 5xx and 429 are tried again (after the gateway's `Retry-After`); any
 * other 4xx (wrong key, bad request, no credit) is a refusal.
 */
export function smsGatewayClient(options: SmsGatewayOptions): Sender {
  const base = typeof options.baseUrl === "string" ? () => options.baseUrl as string : options.baseUrl;
  return async (message, abort) => {
    const text = renderSms(message.template, message.language, message.parameters);
    if (text === null) {
      return {
        kind: "refused",
        error: `${message.parameters.length} parameters do not fit ${message.template}`,
      };
    }
    let response: Response;
    try {
      response = await fetch(`${base().replace(/\/$/, "")}${smsSendPath}`, {
        method: "POST",
        headers: {
          authorization: `App ${options.apiKey}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify(
          smsRequestBody(
            message.to,
            options.sender,
            text,
            smsCallbackData(message.template, message.language),
          ),
        ),
        signal: requestSignal(options.timeoutMs, abort),
      });
    } catch (error) {
      return unanswered(error);
    }
    const body = await response.text().catch(() => "");
    if (response.ok) {
      const sent = firstMessageOf(body);
      const group = sent?.status?.groupName;
      if (group === "REJECTED" || group === "UNDELIVERABLE") {
        const status = sent?.status;
        return {
          kind: "refused",
          error: `${group} ${status?.name ?? ""} ${status?.description ?? ""}`.trim().slice(0, 300),
        };
      }
      // Accepted without an id we can read: the text went out, so it must not be sent again.
      const id = sent?.messageId;
      return { kind: "accepted", messageId: typeof id === "string" && id.length > 0 ? id : null };
    }
    return failedAnswer(response, `${response.status} ${gatewayErrorOf(body)}`.trim());
  };
}

function firstMessageOf(text: string): { messageId?: unknown; status?: SmsStatus } | undefined {
  try {
    return (JSON.parse(text) as { messages?: { messageId?: unknown; status?: SmsStatus }[] }).messages?.[0];
  } catch {
    return undefined;
  }
}

/** Infobip's error (`{ requestError: { serviceException: { messageId, text } } }`), for the outbox's last_error. */
function gatewayErrorOf(text: string): string {
  try {
    const error = (
      JSON.parse(text) as { requestError?: { serviceException?: { messageId?: string; text?: string } } }
    ).requestError?.serviceException;
    if (error) return `${error.messageId ?? ""} ${error.text ?? ""}`.trim().slice(0, 300);
  } catch {}
  return text.slice(0, 300);
}

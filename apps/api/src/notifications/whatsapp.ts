import { failedAnswer, requestSignal, type Sender, type TemplateMessage, unanswered } from "./sender.ts";

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
    return failedAnswer(response, `${response.status} ${graphErrorOf(text)}`.trim());
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

/** The Graph API's error message (`{ error: { message, code } }`), for the outbox's last_error. */
function graphErrorOf(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: { message?: string; code?: number } }).error;
    if (error) return `${error.code ?? ""} ${error.message ?? ""}`.trim().slice(0, 300);
  } catch {}
  return text.slice(0, 300);
}

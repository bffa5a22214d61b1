import { createTransport } from "nodemailer";
import { type EmailTemplateName, renderEmail } from "./email-templates.ts";
import type { Sender, SendResult } from "./sender.ts";

export interface SmtpSenderOptions {
  /** `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://…:465`; the sink's address is known once it listens. */
  url: string | (() => string);
  /** The From of every e-mail. */
  from: string;
  /** PRODUCT_NAME, for the texts' `{{product}}`. */
  product: string;
  /** Connection, greeting and each reply give up after this long (the message is tried again). */
  timeoutMs: number;
}

/** A failure nodemailer reports: the SMTP reply's code when the server answered one. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * What an SMTP failure means for the outbox: a 5xx reply is permanent (a mailbox that does not
 * exist, a sender refused, bad credentials) and the message is given up; a 4xx reply (a greylisting,
 * a full mailbox, a server busy) and a failure without a reply (refused connection, timeout, DNS,
 * a dropped connection) are worth another try.
 */
export function smtpFailure(error: unknown): SendResult {
  const failure = (error ?? {}) as SmtpError;
  const reply = typeof failure.responseCode === "number" ? failure.responseCode : undefined;
  const text = (failure.response ?? failure.message ?? String(error)).replace(/\s+/g, " ").slice(0, 300);
  if (reply !== undefined && reply >= 500) return { kind: "refused", error: `${reply} ${text}`.trim() };
  if (reply !== undefined) return { kind: "retry", error: `${reply} ${text}`.trim() };
  const timedOut = failure.code === "ETIMEDOUT" || /timeout/i.test(text);
  return {
    kind: "retry",
    error: timedOut ? `timeout: ${text}` : `network: ${failure.code ?? ""} ${text}`.trim(),
  };
}

/**
 * E-mail over SMTP with nodemailer, as a `Sender`: one plain-text message per recipient, its
 * language in `Content-Language` and its template in `X-PaxelBox-Template` (the sink and mail
 * filters read them). One connection per message: messages are few, and a broken connection is
 * never reused.
 */
export function smtpSender(options: SmtpSenderOptions): Sender<EmailTemplateName> {
  const urlOf = typeof options.url === "string" ? () => options.url as string : options.url;
  return async (message) => {
    const transport = createTransport({
      url: urlOf(),
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
    const email = renderEmail(message.template, message.language, message.parameters, options.product);
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        text: email.text,
        headers: { "Content-Language": message.language, "X-PaxelBox-Template": message.template },
      });
      return { kind: "accepted", messageId: info.messageId ?? null };
    } catch (error) {
      return smtpFailure(error);
    } finally {
      transport.close();
    }
  };
}

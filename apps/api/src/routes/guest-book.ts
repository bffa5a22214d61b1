import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import { captchaSetup, verifyCaptcha } from "../captcha/captcha.ts";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { clientAddress, type RateLimit } from "../domain/rate-limit.ts";
import { HttpError } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import type { OutboxWriter } from "../notifications/outbox.ts";
import { requestLanguage } from "../plugins/error-handler.ts";

/**
 * Sends with a solved captcha per client address: enough for a person correcting a typo, not for a
 * script. Only solved sends count: a carrier's NAT puts many phones behind one address, and a
 * script's unsolved sends must not use up the quota of the people behind it.
 */
export const guestBookLimit: RateLimit = { name: "guest-book", max: 5, windowSeconds: 10 * 60 };

export function guestBookRoutes(
  app: FastifyInstance,
  db: Database,
  config: ApiConfig,
  outbox: OutboxWriter | null = null,
): void {
  mountCall(app, calls.captcha, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    return captchaSetup(config.captcha);
  });

  mountCall(app, calls.sendGuestBook, async ({ body, request }) => {
    const address = clientAddress(request);
    // An address this instance has refused sends is refused again before its captcha is used up.
    app.rateLimiter.recall(guestBookLimit, address);
    const failure = await verifyCaptcha(db, config.captcha, body.token);
    if (failure) {
      request.log.info({ reason: failure }, "guest book captcha refused");
      throw new HttpError(400, "captchaFailed", undefined, { reason: "captcha" });
    }
    await app.rateLimiter.hit(guestBookLimit, address);
    // The lead and its e-mails (to the partnership inbox, and the sender's acknowledgement with
    // the white paper the page downloads) are written together, or not at all.
    const whitePapers = await db.transaction(async (tx) => {
      const [saved] = await tx.query<{ id: number; created_at: Date }>(
        `insert into guest_book_submissions
             (sender_name, sender_contact, sender_email, requested_value, business_type, message)
           values ($1, $2, $3, $4, $5, $6) returning id, created_at`,
        [
          body.sender_name,
          body.sender_contact,
          body.sender_email,
          body.requested_value,
          body.business_type ?? null,
          body.message,
        ],
      );
      const papers = await tx.query<{ name: string; url: string }>(
        "select name, url from white_papers order by position, id",
      );
      if (saved) {
        await outbox?.guestBookLead(tx, {
          submissionId: saved.id,
          language: requestLanguage(request),
          senderName: body.sender_name,
          senderContact: body.sender_contact,
          senderEmail: body.sender_email,
          purpose: body.requested_value,
          businessType: body.business_type ?? null,
          message: body.message,
          receivedAt: saved.created_at,
          whitePaperUrl: papers[0]?.url ?? null,
        });
      }
      return papers;
    });
    return { white_papers: whitePapers };
  });
}

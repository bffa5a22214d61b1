import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import { captchaSetup, verifyCaptcha } from "../captcha/captcha.ts";
import type { ApiConfig } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";

/** Sends per client address: enough for a person correcting a typo, not for a script. */
export const guestBookLimit = { name: "guest-book", max: 5, windowSeconds: 10 * 60 };

export function guestBookRoutes(app: FastifyInstance, db: Queryable, config: ApiConfig): void {
  mountCall(app, calls.captcha, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    return captchaSetup(config.captcha);
  });

  mountCall(
    app,
    calls.sendGuestBook,
    async ({ body, request }) => {
      const failure = await verifyCaptcha(db, config.captcha, body.token);
      if (failure) {
        request.log.info({ reason: failure }, "guest book captcha refused");
        throw new HttpError(400, "captchaFailed", undefined, { reason: "captcha" });
      }
      await db.query(
        `insert into guest_book_submissions
           (sender_name, sender_contact, sender_email, requested_value, business_type, message)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          body.sender_name,
          body.sender_contact,
          body.sender_email,
          body.requested_value,
          body.business_type ?? null,
          body.message,
        ],
      );
      const whitePapers = await db.query<{ name: string; url: string }>(
        "select name, url from white_papers order by position, id",
      );
      return { white_papers: whitePapers };
    },
    { rateLimit: guestBookLimit },
  );
}

import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { mountCall } from "../http/route.ts";

export function guestBookRoutes(app: FastifyInstance, db: Queryable): void {
  mountCall(app, calls.sendGuestBook, async ({ body }) => {
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
  });
}

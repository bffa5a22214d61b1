import { calls, KioskScanBody, type KioskScanResult } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { clientAddress } from "../domain/rate-limit.ts";
import { HttpError } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import type { OutboxWriter } from "../notifications/outbox.ts";
import type { Metrics } from "../plugins/metrics.ts";
import { kioskPage } from "./page.ts";
import { advance, type DropoffPolicy, scan } from "./scan.ts";

/** Scans per client address, as a locker's own scanner would allow. */
export const kioskScanLimit = { name: "kiosk-scan", max: 120, windowSeconds: 60 };

/** The locker-kiosk simulator (demo mode): scan API, clock advance, and a page for people. */
export async function kioskRoutes(
  app: FastifyInstance,
  db: Database,
  policy: DropoffPolicy,
  metrics: Metrics,
  outbox: OutboxWriter | null,
): Promise<void> {
  mountCall(app, calls.kioskScan, async ({ body }) => scan(db, body, policy, metrics, outbox), {
    rateLimit: kioskScanLimit,
  });

  mountCall(app, calls.advanceOrder, async ({ params, body }) => {
    await advance(db, params.id, body.minutes);
    return { id: params.id, minutes: body.minutes };
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const send = (reply: import("fastify").FastifyReply, html: string, status = 200) =>
      reply
        .status(status)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        )
        .send(html);

    scope.get("/demo/kiosk", { schema: { hide: true } }, async (_request, reply) =>
      send(reply, kioskPage({})),
    );

    scope.post("/demo/kiosk", { schema: { hide: true } }, async (request, reply) => {
      const raw = (request.body ?? {}) as Record<string, string>;
      const input = KioskScanBody.safeParse({
        code: raw.code ?? "",
        boxId: raw.boxId ? raw.boxId : undefined,
      });
      if (!input.success) {
        return send(
          reply,
          kioskPage({ code: raw.code, boxId: raw.boxId, error: "Type or paste the code a screen shows." }),
          400,
        );
      }
      try {
        // The page scans as the API does: under the same limit per address.
        await app.rateLimiter.hit(kioskScanLimit, clientAddress(request));
        const outcome: KioskScanResult = await scan(db, input.data, policy, metrics, outbox);
        return send(reply, kioskPage({ outcome }));
      } catch (error) {
        if (error instanceof HttpError) {
          return send(
            reply,
            kioskPage({ code: raw.code, boxId: raw.boxId, error: error.message }),
            error.statusCode,
          );
        }
        throw error;
      }
    });
  });
}

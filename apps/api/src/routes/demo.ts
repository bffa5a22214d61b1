import { calls, scenarioIds } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { createScenario, type DropoffPolicy, scenarioTitles } from "../demo/scenarios.ts";
import { toE164 } from "../domain/phone.ts";
import { mountCall } from "../http/route.ts";
import { sandboxOutbox } from "../notifications/sandbox/graph-api.ts";
import { smsSandboxOutbox } from "../notifications/sandbox/sms-gateway.ts";
import { sinkOutbox } from "../notifications/sandbox/smtp-sink.ts";
import type { ScheduledOutbox } from "../notifications/schedule.ts";

/** Demo scenarios: mounted only in demo mode (development, or production with DEMO=1). */
export function demoRoutes(
  app: FastifyInstance,
  db: Database,
  dropoff: DropoffPolicy,
  outbox: ScheduledOutbox | null,
): void {
  mountCall(app, calls.demoScenarios, async () =>
    scenarioIds.map((id) => ({ id, title: scenarioTitles[id], url: `/api/demo/scenarios/${id}/open` })),
  );

  // The scenarios' own links (a short link's target) are on the site's configured origin, never
  // on the host a request names: a short link to another site would be an open redirect.
  mountCall(app, calls.createDemoScenario, async ({ params, query }) =>
    createScenario(db, params.id, {
      origin: app.publicOrigin(),
      language: query.language,
      dropoff,
      outbox,
    }),
  );

  mountCall(app, calls.openDemoScenario, async ({ params, query, reply }) => {
    const scenario = await createScenario(db, params.id, {
      origin: app.publicOrigin(),
      language: query.language,
      dropoff,
      outbox,
    });
    return reply.header("cache-control", "no-store").redirect(scenario.url, 302);
  });

  // What the WhatsApp sandbox, the SMS gateway sandbox and the SMTP sink received (a phone's and a mail
  // client's view), newest first across them; one recipient's with `?to=` (a number, or an e-mail address).
  mountCall(app, calls.demoOutbox, async ({ query }) => {
    const to = query.to;
    if (to?.includes("@")) return sinkOutbox(db, to);
    const phone = to === undefined ? undefined : (toE164(to) ?? to.replace(/^\+/, ""));
    const messages = [
      ...(await sandboxOutbox(db, phone)),
      ...(await smsSandboxOutbox(db, phone)),
      ...(to === undefined ? await sinkOutbox(db, undefined) : []),
    ];
    return messages.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)).slice(0, 200);
  });
}

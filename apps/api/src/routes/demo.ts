import { calls, scenarioIds } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/database.ts";
import { createScenario, type DropoffPolicy, scenarioTitles } from "../demo/scenarios.ts";
import { toE164 } from "../domain/phone.ts";
import { mountCall } from "../http/route.ts";
import { sandboxOutbox } from "../notifications/sandbox/graph-api.ts";
import { smsSandboxOutbox } from "../notifications/sandbox/sms-gateway.ts";
import { sinkOutbox } from "../notifications/sandbox/smtp-sink.ts";
import type { ScheduledOutbox } from "../notifications/schedule.ts";

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

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

  mountCall(app, calls.createDemoScenario, async ({ params, query, request }) =>
    createScenario(db, params.id, { origin: origin(request), language: query.language, dropoff, outbox }),
  );

  mountCall(app, calls.openDemoScenario, async ({ params, query, request, reply }) => {
    const scenario = await createScenario(db, params.id, {
      origin: origin(request),
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

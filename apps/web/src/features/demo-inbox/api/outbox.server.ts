import { calls, type DemoOutboxEntry, DemoOutboxQuery } from "@paxelbox/contract";
import type { ApiClient } from "../../../lib/http/api-client";
import { isApiError } from "../../../lib/http/api-error";
import { recipientFilter } from "../lib/inbox";

/** What the demo inbox shows. */
export type OutboxResult =
  /** The outbox, all of it or one recipient's (`to`, as the filter took it; "" for all). */
  | { kind: "messages"; to: string; entries: DemoOutboxEntry[] }
  /** The filter is neither a phone number nor an e-mail address: nothing asked. */
  | { kind: "invalid"; to: string }
  /** The API has no outbox: demo mode is off (production without DEMO=1). */
  | { kind: "off" };

/**
 * Reads the outbox (`GET /api/demo/outbox`, demo mode only) with the server's api client, for
 * one recipient when `typed` names one (checked with the call's own query schema first).
 */
export async function loadOutbox(client: ApiClient, typed: string): Promise<OutboxResult> {
  const to = recipientFilter(typed);
  const query = DemoOutboxQuery.safeParse(to ? { to } : {});
  if (!query.success) return { kind: "invalid", to: typed.trim() };
  try {
    return { kind: "messages", to, entries: await client.request(calls.demoOutbox, { query: query.data }) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: "off" };
    if (isApiError(error) && error.status === 400) return { kind: "invalid", to: typed.trim() };
    throw error;
  }
}

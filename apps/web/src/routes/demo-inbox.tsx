import "../lib/i18n/messages/demo-inbox";
import { data } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { getServerConfig } from "../config/config.server";
import { loadOutbox } from "../features/demo-inbox/api/outbox.server";
import { InboxPage } from "../features/demo-inbox/components/inbox-page";
import { serverApiClient } from "../lib/http/api-client.server";
import { isLanguage } from "../lib/i18n/language";
import type { Route } from "./+types/demo-inbox";

export const handle = routeHandle({ layout: "none" });

/**
 * The outbox, read by the server for each view (`?to=` one recipient's). Demo mode only: where the
 * API has no outbox (production without DEMO=1) the page does not exist either (404).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const result = await loadOutbox(
    serverApiClient(getServerConfig(context), null, request),
    search.get("to") ?? "",
  );
  if (result.kind === "off") throw data(null, { status: 404 });
  const lang = search.get("lang");
  return {
    to: result.to,
    invalid: result.kind === "invalid",
    entries: result.kind === "messages" ? result.entries : [],
    lang: isLanguage(lang) ? lang : null,
  };
}

/** Live data: never kept by a cache. */
export function headers() {
  return { "cache-control": "private, no-store" };
}

/** A page of the demo, not of the site: never indexed. */
export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

/** Demo inbox (`/demo/inbox?to=`): the messages this installation sent, as phones and mail clients show them. */
export default function DemoInboxRoute({ loaderData }: Route.ComponentProps) {
  return <InboxPage {...loaderData} />;
}

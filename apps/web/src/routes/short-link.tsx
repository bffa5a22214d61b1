import "../lib/i18n/messages/marketing";
import { data, redirect } from "react-router";
import { publicHandle } from "../components/layouts/public-layout";
import { getServerConfig } from "../config/config.server";
import { seoMeta } from "../features/marketing/lib/seo";
import { buildSeo } from "../features/marketing/lib/seo.server";
import { resolveShortLink } from "../features/short-link/api/short-link";
import { ShortLinkNotFound } from "../features/short-link/components/short-link-not-found";
import { pageApiClient } from "../lib/http/api-client.server";
import { requestLanguage } from "../lib/i18n/i18n";
import type { Route } from "./+types/short-link";

export const handle = publicHandle;

/**
 * When a visitor refused a lookup may try again: the API counts short-link lookups per address a
 * minute at a time, so a minute is always enough.
 */
export const shortLinkRetryAfterSeconds = 60;

/**
 * Opening a short link: the server looks the code up, for its visitor (whose address the lookup
 * limit counts, not the web server's), and answers with a redirect (302) to its http(s) target, so
 * the browser goes on in one round trip, without JavaScript. Otherwise the page says 'Oops' with
 * HTTP 404; 429 with Retry-After when the API refused the visitor's lookup for now; 503 when the
 * lookup itself failed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const config = getServerConfig(context);
  // A target without a host is on this site: at its configured address, never the Host the request
  // named (ADR 033), which would send the visitor wherever a forged header said.
  const result = await resolveShortLink(pageApiClient(config, request), params.code, config.publicBaseUrl);
  if (result.kind === "redirect") throw redirect(result.target);
  // The page is drawn only when there is nowhere to go: its title says why, as its panel does.
  const seo = await buildSeo(config, request, requestLanguage(request), {
    title:
      result.kind === "not-found" ? "marketing.seo.shortLinkNotFoundTitle" : "marketing.seo.shortLinkTitle",
    description: "marketing.seo.homeDescription",
  });
  if (result.kind === "rate-limited") {
    return data(
      { seo, result },
      { status: 429, headers: { "retry-after": String(shortLinkRetryAfterSeconds) } },
    );
  }
  return data({ seo, result }, { status: result.kind === "not-found" ? 404 : 503 });
}

/** The loader's headers on the page (Retry-After on a 429). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** A client-side navigation to a short link looks it up from the browser (api client loaded on demand). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { resolveShortLinkInBrowser } = await import("../features/short-link/api/browser-short-link");
  const result = await resolveShortLinkInBrowser(params.code);
  if (result.kind === "redirect") throw redirect(result.target);
  return { seo: null, result };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seoMeta(loaderData?.seo).filter((tag) => !("tagName" in tag)),
  { name: "robots", content: "noindex" },
];

/** Short-link resolver (`/o/:code`): shown only when there is nowhere to go. */
export default function ShortLinkRoute({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <ShortLinkNotFound
      failedMessage={result.kind === "failed" ? result.message : undefined}
      rateLimited={result.kind === "rate-limited"}
    />
  );
}

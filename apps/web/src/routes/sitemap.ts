import { getServerConfig } from "../config/config.server";
import { crawlerFileCacheControl, sitemapXml } from "../features/marketing/lib/crawlers.server";
import type { Route } from "./+types/sitemap";

/** `/sitemap.xml` (`crawlers.server.ts`). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(getServerConfig(context)), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": crawlerFileCacheControl },
  });
}

import { getServerConfig } from "../config/config.server";
import { crawlerFileCacheControl, robotsTxt } from "../features/marketing/lib/crawlers.server";
import type { Route } from "./+types/robots";

/** `/robots.txt` (`crawlers.server.ts`). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(getServerConfig(context)), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": crawlerFileCacheControl },
  });
}

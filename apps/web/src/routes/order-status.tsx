import { Outlet, useMatches } from "react-router";
import { NoScriptScreenError } from "../components/no-script-screen-error";
import { QueryProvider } from "../components/query-provider";
import { RequireUser } from "../components/require-user";
import type { ScreenPreload } from "../lib/ssr/web-view-preload.server";

/**
 * `/order-status`: both rent-status pages need the member's token validated first. What a page
 * without scripts says instead of its screen (a refusal, no token) stands outside that check, which
 * only a script finishes: it is read from the page's loader answer (the rent page's preload), the
 * same in the server's page and in its hydration.
 */
export default function OrderStatusFlowRoute() {
  const page = useMatches().at(-1)?.loaderData as ScreenPreload | null | undefined;
  return (
    <QueryProvider>
      <NoScriptScreenError preload={page} />
      <RequireUser>
        <Outlet />
      </RequireUser>
    </QueryProvider>
  );
}

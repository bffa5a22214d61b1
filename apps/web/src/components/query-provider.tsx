import { type DehydratedState, HydrationBoundary, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "../lib/http/query-client";
import { syncOnlineState } from "../lib/offline/offline-cache";

let browserClient: ReturnType<typeof createQueryClient> | undefined;

function sessionClient() {
  if (typeof window === "undefined") return createQueryClient();
  if (!browserClient) {
    // A page opened with no signal starts paused instead of failing its first calls.
    syncOnlineState();
    browserClient = createQueryClient();
  }
  return browserClient;
}

/**
 * TanStack Query for the routes that call the API from the browser (the web-view screens and the
 * package form); the marketing pages do without it. One QueryClient per server render and one per
 * browser session, shared by every route that wraps itself in this provider.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(sessionClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * The answers a route's server loader dehydrated (`preloadScreen`), put into the query cache
 * before the screen asks: the first render (on the server, and the hydration that follows) shows
 * them and the browser does not ask again (ADR 015). TanStack's `HydrationBoundary`, reached from
 * here so that it travels in this module's chunk instead of a request of its own.
 */
export function LoaderQueries({
  state,
  children,
}: {
  state: DehydratedState | null | undefined;
  children: ReactNode;
}) {
  return <HydrationBoundary state={state ?? undefined}>{children}</HydrationBoundary>;
}

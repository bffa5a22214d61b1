import { QueryClientProvider, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { syncOnlineState } from "../lib/offline-cache";
import { createQueryClient } from "../lib/query-client";

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

/** One answer the server loaded for a screen's query (see `lib/web-view-preload.server.ts`). */
export interface PreloadedQuery {
  queryKey: QueryKey;
  data: unknown;
  /** When the server received it (ms): the query's freshness counts from then. */
  updatedAt: number;
}

/**
 * Puts the answers a route's server loader fetched into the query cache before the screen asks,
 * so the first render (on the server, and the hydration that follows) already shows them and the
 * browser does not ask again. A query that already has data keeps it (ADR 011).
 */
export function PreloadedQueries({
  queries,
  children,
}: {
  queries: readonly (PreloadedQuery | null)[] | null | undefined;
  children: ReactNode;
}) {
  const client = useQueryClient();
  useState(() => {
    for (const query of queries ?? []) {
      if (!query || client.getQueryData(query.queryKey) !== undefined) continue;
      client.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
    }
  });
  return children;
}

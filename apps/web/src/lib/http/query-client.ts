import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-error";

/**
 * One QueryClient per server request and one per browser session (the root creates it once).
 * Failed calls are not retried when the server answered with a 4xx: the answer will not change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

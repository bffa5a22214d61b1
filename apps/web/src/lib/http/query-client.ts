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
      // A press (Pay, Cancel Rent) is sent now or fails now with 'Oops...', never kept for when the
      // signal returns: paused, it hung on its spinner and later left for the checkout by itself.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

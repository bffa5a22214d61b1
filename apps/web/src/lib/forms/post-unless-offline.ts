import type { Refused } from "./action.server";

/** The refusal of a post that did not reach the server: nothing was sent, so nothing changed. */
type Unsent = Refused<never> & { unsent: true };

/**
 * The route's action as the page posts it, for a route's `clientAction`: the server's answer; or,
 * when the post cannot reach the server (no signal at a locker, `fetch` fails), a refusal of the
 * page's own without a message of the server's, which the page shows as its 'Oops...' with the
 * 'something wrong' text (spec §8). The form stays as it was filled in, ready to be sent again,
 * instead of the page giving way to its error screen. Pair it with `revalidateUnlessUnsent`.
 */
export async function postUnlessOffline<T>(serverAction: () => Promise<T>): Promise<T | Unsent> {
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return { values: {}, errors: {}, formError: "", unsent: true };
  }
}

/**
 * For a route's `shouldRevalidate`: after a post that never reached the server the page's data is
 * as it was, and asking for it again without signal would only fail.
 */
export function revalidateUnlessUnsent({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  const unsent = typeof actionResult === "object" && actionResult !== null && "unsent" in actionResult;
  return unsent ? false : defaultShouldRevalidate;
}

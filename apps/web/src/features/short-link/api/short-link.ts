import { calls } from "@paxelbox/contract";
import type { ApiClient } from "../../../lib/http/api-client";
import { isApiError } from "../../../lib/http/api-error";
import { shortLinkTarget } from "../lib/short-link-target";

/** What a short-link code leads to. */
export type ShortLinkResult =
  | { kind: "redirect"; target: string }
  | { kind: "not-found" }
  /** The API refused the lookup for now (429): too many from this visitor's address. */
  | { kind: "rate-limited" }
  | { kind: "failed"; message: string | null };

/**
 * Looks a code up (spec §2) with the given api client — the server's in the route loader, the
 * browser's for client-side navigations — and decides: a safe http(s) target to redirect to, not
 * found (404, an invalid code — 400, or 414 for one too long to be any code — or a target that is
 * not http(s)), refused for now (429), or a failed lookup.
 */
export async function resolveShortLink(
  client: ApiClient,
  code: string,
  origin: string,
): Promise<ShortLinkResult> {
  try {
    const { url } = await client.request(calls.shortLink, { params: { code } });
    const target = shortLinkTarget(url, origin);
    return target ? { kind: "redirect", target } : { kind: "not-found" };
  } catch (error) {
    if (isApiError(error) && [400, 404, 414].includes(error.status)) return { kind: "not-found" };
    if (isApiError(error) && error.status === 429) return { kind: "rate-limited" };
    return { kind: "failed", message: isApiError(error) ? (error.serverMessage ?? null) : null };
  }
}

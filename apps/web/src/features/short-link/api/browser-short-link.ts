import { apiClient } from "../../../lib/http/api-client";
import { resolveShortLink, type ShortLinkResult } from "./short-link";

/** The lookup in the browser (client-side navigations), loaded on demand with the api client. */
export function resolveShortLinkInBrowser(code: string): Promise<ShortLinkResult> {
  return resolveShortLink(apiClient, code, window.location.origin);
}

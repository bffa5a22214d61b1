import { calls, type GuestBookResult, type GuestBookSubmission } from "@paxelbox/contract";
import type { ServerConfig } from "../../../config/env";
import { serverApiClient } from "../../../lib/http/api-client.server";
import type { Language } from "../../../lib/i18n/i18n";

/**
 * Sends the guest book (multipart, spec §7) from the route action, for the visitor who posted the
 * form (their address goes with it, so the API's limit counts them); resolves to the white-paper
 * links. The API words its refusals in the page's language, which is not always the one the
 * browser's own `Accept-Language` asks for (ADR 014).
 */
export function sendGuestBook(
  config: ServerConfig,
  request: Request,
  language: Language,
  body: GuestBookSubmission,
): Promise<GuestBookResult> {
  const headers = new Headers(request.headers);
  headers.set("accept-language", language);
  return serverApiClient(config, null, new Request(request.url, { headers })).request(calls.sendGuestBook, {
    body,
  });
}

import { createHmac } from "node:crypto";
import type { GuestBookResult } from "@paxelbox/contract";
import { type Cookie, createCookie } from "react-router";
import type { ServerConfig } from "../../../config/env";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { paths } from "../../../paths";

/** What the confirmation page shows of a send: the white paper whose download it starts (spec §2). */
export interface SentGuestBook {
  whitePaper: { name: string; url: string } | null;
  /** The confirmation has been sent to the browser once: its download was started then (`shownCookieHeader`). */
  shown?: true;
}

/**
 * How long the confirmation can be opened after a send: long enough for a reload or a language
 * switch on it, short enough that it never greets a later visit as if something had just been sent.
 */
export const sentSeconds = 10 * 60;

/** The cookie per secret: one web server has one, a process may run several (tests). */
const cookies = new Map<string | undefined, Cookie>();

/**
 * The mark the action's redirect leaves for `/guest-book/submitted` (spec §2: it confirms a send, so
 * it opens only after one). Signed when the server has its secret (a key derived from it for this
 * cookie alone), so a page cannot be made to start another file's download; HTTP-only, for the
 * guest book's paths only.
 */
function sentCookie({ internalApiSecret: secret }: ServerConfig): Cookie {
  let cookie = cookies.get(secret);
  if (cookie) return cookie;
  cookie = createCookie("guest_book_sent", {
    path: paths.guestBook.pattern,
    httpOnly: true,
    sameSite: "lax",
    maxAge: sentSeconds,
    secrets: secret
      ? [createHmac("sha256", secret).update("guest-book-sent cookie").digest("base64url")]
      : [],
  });
  cookies.set(secret, cookie);
  return cookie;
}

/** The `Set-Cookie` of a send's redirect: the first white paper the send returned that may be opened. */
export function sentCookieHeader(config: ServerConfig, result: GuestBookResult): Promise<string> {
  const paper = result.white_papers.find((candidate) => isSafeUrl(candidate.url));
  const sent: SentGuestBook = { whitePaper: paper ? { name: paper.name, url: paper.url } : null };
  return serializeSent(config, sent);
}

/**
 * The `Set-Cookie` of the confirmation's first answer: the same send, marked shown, so that a
 * reload, a language switch, Back or another tab shows the confirmation without starting the
 * download again (its link stays on the page).
 */
export function shownCookieHeader(config: ServerConfig, sent: SentGuestBook): Promise<string> {
  const shown: SentGuestBook = { whitePaper: sent.whitePaper, shown: true };
  return serializeSent(config, shown);
}

/** The mark's `Set-Cookie` (Secure where the site's configured public address is HTTPS). */
function serializeSent(config: ServerConfig, sent: SentGuestBook): Promise<string> {
  return sentCookie(config).serialize(sent, { secure: config.secureCookies });
}

function isSent(value: unknown): value is SentGuestBook {
  if (typeof value !== "object" || value === null || !("whitePaper" in value)) return false;
  if ("shown" in value && value.shown !== true) return false;
  const paper = value.whitePaper;
  if (paper === null) return true;
  return (
    typeof paper === "object" &&
    typeof (paper as { name?: unknown }).name === "string" &&
    isSafeUrl((paper as { url?: unknown }).url as string)
  );
}

/** The send this visitor has just made, or null: the page was opened without one (or too late). */
export async function readSentGuestBook(
  config: ServerConfig,
  request: Request,
): Promise<SentGuestBook | null> {
  const value: unknown = await sentCookie(config).parse(request.headers.get("cookie"));
  return isSent(value) ? value : null;
}

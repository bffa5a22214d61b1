import type { Language, UserData } from "@paxelbox/contract";
import { useEffect } from "react";
import { offlineOwner } from "../../lib/offline/offline-cache";
import { type StorageKey, storage, storageKeys } from "../../lib/offline/storage";

/**
 * The member behind a web-view screen (spec §5, §6): the token a link carries, the member a
 * validation returned, and what this device keeps of them (`user_token`, `userdata`).
 */

export interface UserSession {
  /** Bearer token for the screen's calls (query token, else stored), if any. */
  token: string | null;
  /** The member, when known (validated now, or stored by an earlier validation). */
  user: UserData | null;
  /** The token could not be validated for lack of signal: the stored member is assumed. */
  unverified?: boolean;
}

/** The token a page's link carries (`token` in the query), if any. */
export function linkToken(search: URLSearchParams): string | null {
  return search.get("token")?.trim() || null;
}

/** What an earlier validation left on this device (token and member), used as it is. */
export function storedSession(): UserSession {
  return { token: storage.get("user_token"), user: storage.get("userdata") };
}

/** The stored member, when `token` is the one validated earlier on this device; else `null`. */
export function storedMemberFor(token: string): UserData | null {
  return token === storage.get("user_token") ? storage.get("userdata") : null;
}

/** Keys of this device, no member's: the language chosen here, the parcels a courier's tab sent. */
const deviceKeys: readonly StorageKey[] = ["language", "package_sent"];

/** Keeps a validated member on this device; another member's kept data goes first. */
export function keepMember(user: UserData, token: string): void {
  const kept = storedSession();
  if (kept.token && kept.user && offlineOwner(kept.user, kept.token) !== offlineOwner(user, token)) {
    forgetMember();
  }
  storage.set("user_token", token);
  storage.set("userdata", user);
}

/**
 * Forgets the member this device kept (their token was refused, or another member's was validated):
 * every key but the device's — their token and data, the last order shown with its pick-up code and
 * the recipient's name, its QR pictures and codes, the overdue detail being paid (name, phone,
 * sender), the openings counted and the offline copies (spec §3). A key added later goes too.
 */
export function forgetMember(): void {
  for (const key of Object.keys(storageKeys) as StorageKey[]) {
    if (!deviceKeys.includes(key)) storage.remove(key);
  }
}

/**
 * The API refused this token (401: revoked, signed out in the app) or called its link expired
 * (410): if it is the one this device keeps, what it kept goes with it (the member or recipient,
 * the pick-up code and its QR, the offline copies), so that no later open sends it again or shows
 * its copies without signal; a shared or lent phone keeps nothing of it.
 */
export function forgetRefusedToken(token: string | null): void {
  if (token !== null && token === storage.get("user_token")) forgetMember();
}

/** Whether a screen's call was refused for its token (401) or its link's end (410). */
export function refusesToken(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 410;
}

/** A screen whose call the API refused for its token forgets what this device kept of it. */
export function useForgetRefusedToken(error: unknown, token: string | null): void {
  const refused = refusesToken(error);
  useEffect(() => {
    if (refused) forgetRefusedToken(token);
  }, [refused, token]);
}

/**
 * The language a member's app gave them; `null` for a drop-off recipient (no member code), who
 * keeps the language chosen on the site — the link does not know it.
 */
export function memberLanguage(user: UserData): Language | null {
  return user.member_code ? user.language : null;
}

import { onlineManager } from "@tanstack/react-query";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { isConnectionError } from "../http/api-error";
import { type OfflineCache, type StoredValues, storage } from "./storage";

/**
 * Last known data of the orders a member opened, so their QR screens open at the locker with no
 * signal (the service worker keeps the pages and scripts; this keeps the data).
 *
 * The copies belong to one member: each write is tagged with the signed-in member (their member
 * code; a drop-off recipient, who has none, is known by their link's token), a read answers only
 * for that same member, and the whole cache is dropped with the rest of a member's data when another
 * member's token is validated (`keepMember`). Stored through the storage module (`offline_cache`).
 */

/** What is kept: an order, a paid overdue detail, a pick-up barcode picture, a temporary QR. */
export type OfflineKey =
  | `order:${string}`
  | `overdue:${string}`
  | `barcode:${string}`
  | `temporary-qr:${string}`;

export interface OfflineEntry<T> {
  data: T;
  savedAt: number;
}

/** At most this many copies; the oldest go first. */
export const offlineCacheLimit = 24;

/** Who owns copies made with this member's session. */
export function offlineOwner(user: Pick<StoredValues["userdata"], "member_code">, token: string): string {
  return user.member_code || `link:${token}`;
}

function currentMember(): string | null {
  const user = storage.get("userdata");
  const token = storage.get("user_token");
  return user && token ? offlineOwner(user, token) : null;
}

function read(): OfflineCache | null {
  const cache = storage.get("offline_cache");
  if (!cache || typeof cache.owner !== "string" || typeof cache.entries !== "object" || !cache.entries) {
    return null;
  }
  return cache;
}

/** Keeps a copy of `data` for the signed-in member (nothing without a member). */
export function rememberOffline(key: OfflineKey, data: unknown, savedAt = Date.now()): void {
  const owner = currentMember();
  if (!owner) return;
  const cache = read();
  const entries = cache?.owner === owner ? { ...cache.entries } : {};
  entries[key] = { data, savedAt };
  const kept = Object.entries(entries)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, offlineCacheLimit);
  storage.set("offline_cache", { owner, entries: Object.fromEntries(kept) });
}

/** The kept copy for the signed-in member, if any. */
export function recallOffline<T>(key: OfflineKey): OfflineEntry<T> | null {
  const owner = currentMember();
  const cache = read();
  if (!owner || cache?.owner !== owner) return null;
  const entry = cache.entries[key];
  return entry && typeof entry.savedAt === "number" ? (entry as OfflineEntry<T>) : null;
}

export function forgetOffline(key: OfflineKey): void {
  const cache = read();
  if (!cache?.entries[key]) return;
  const { [key]: _gone, ...entries } = cache.entries;
  storage.set("offline_cache", { owner: cache.owner, entries });
}

// --- connectivity -----------------------------------------------------------------------------

/** The browser's own view, read once at start so a page opened offline starts paused. */
export function syncOnlineState(): void {
  if (typeof navigator !== "undefined" && typeof navigator.onLine === "boolean") {
    onlineManager.setOnline(navigator.onLine);
  }
}

/** Whether the device says it is online (TanStack's online manager follows online/offline). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** How long a first load may wait before the kept copy is shown (weak signal). */
export const slowLoadMs = 4000;

/**
 * How long a refresh of what the screen shows may go unanswered before the screen says the server
 * cannot be reached: a request can hang silently (a dead connection) for the spec's 60 s, and once
 * more, while the screen would go on showing the old state as if it were current. A poll on a slow
 * link answers well within it.
 */
export const hungRefreshMs = 15_000;

interface QueryLike<T> {
  data: T | undefined;
  dataUpdatedAt: number;
  error: unknown;
  isPending: boolean;
  fetchStatus: "fetching" | "paused" | "idle";
}

export interface OfflineView<T> {
  /** Fresh data, else the kept copy when the network is out of reach. */
  data: T | undefined;
  /** When `data` was loaded from the server (ms), or `null`. */
  updatedAt: number | null;
  /** The server cannot be reached now. */
  offline: boolean;
  /** `data` is the kept copy. */
  fromCache: boolean;
}

/** Whether `active` has held for `ms` without a break (false again as soon as it ends). */
function useLongerThan(active: boolean, ms: number): boolean {
  const [longer, setLonger] = useState(false);
  useEffect(() => {
    setLonger(false);
    if (!active) return;
    const timer = setTimeout(() => setLonger(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return longer;
}

/**
 * A query's data with the offline copy behind it: every answer is kept for the signed-in
 * member; when the server is out of reach (offline, a failed connection, or a first load slower
 * than `slowLoadMs`) and there is no answer in memory, the kept copy is shown instead. A refresh
 * unanswered for `hungRefreshMs` counts as out of reach too, until it answers.
 */
export function useOfflineData<T>(key: OfflineKey | null, query: QueryLike<T>): OfflineView<T> {
  const online = useOnline();
  const { data, dataUpdatedAt, error, isPending, fetchStatus } = query;

  useEffect(() => {
    if (key && data !== undefined && dataUpdatedAt > 0) rememberOffline(key, data, dataUpdatedAt);
  }, [key, data, dataUpdatedAt]);

  // Each first load and each refresh counts its own time (another key's load after a slow one too).
  const slow = useLongerThan(isPending, slowLoadMs);
  const fetching = fetchStatus === "fetching";
  const hung = useLongerThan(fetching, hungRefreshMs);

  const unreachable =
    !online ||
    isConnectionError(error) ||
    (isPending && (fetchStatus === "paused" || slow)) ||
    (data !== undefined && fetching && hung);
  const kept = useMemo(
    () => (key && data === undefined && unreachable ? recallOffline<T>(key) : null),
    [key, data, unreachable],
  );

  if (data !== undefined) return { data, updatedAt: dataUpdatedAt, offline: unreachable, fromCache: false };
  if (kept) return { data: kept.data, updatedAt: kept.savedAt, offline: true, fromCache: true };
  return { data: undefined, updatedAt: null, offline: unreachable, fromCache: false };
}

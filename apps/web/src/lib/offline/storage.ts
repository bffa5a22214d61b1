import type { Language, Order, OverdueDropoffDetail, UserData } from "@paxelbox/contract";

/**
 * The one door to browser storage (spec §3 keys). Every key, its value type and its encoding is
 * listed once below; every key lives in localStorage but the tab's own (`tabKeys`), in
 * sessionStorage. Safe to import on the server: there every read is `null` and writes do nothing.
 *
 * Values are our own writes, so reads are parsed but not schema-validated (that would pull zod into
 * the landing page bundle); a value that does not parse is dropped and reads as `null`.
 *
 * A browser may refuse storage (a web view without DOM storage, site data blocked, quota full): a
 * value it refuses is kept in the page's memory instead, so the page goes on working until it is
 * left (`keptOnDevice` tells the two apart).
 */

/** How many times an order's locker was opened (reported with the multi-open event). */
export interface LockerOpenCount {
  expressNumber: Order["expressNumber"];
  openFrequency: number;
}

/** Every stored key with the type of its value. */
export interface StoredValues {
  /** Chosen UI language; mirrored to the `language` cookie so the server renders it. */
  language: Language;
  /** The signed-in member returned by the members auth call. */
  userdata: UserData;
  /** Order id whose overdue flow is in progress (cleared by the landing page and the result pages). */
  overdue: string;
  /** Member token from the app web view; sent as the bearer token. */
  user_token: string;
  /** Last loaded order (used to share it from the header). */
  order_data: Order;
  /** Last order id looked at. */
  order_id: string;
  /** Object URL or data URL of the last QR image. */
  bloburl: string;
  /** Whether `bloburl` holds a base64 data URL. */
  isBase64: boolean;
  /** QR that ends a rent whose overdue fee is 0: its order, and its end (`null`: the take QR, no end). */
  qrOverdue: { orderId: number; code: string; expiresAt: number | null };
  /** Openings per order number. */
  lockerUserData: LockerOpenCount[];
  /** Detail of the overdue drop-off being paid. */
  overdue_dropoff_data: OverdueDropoffDetail;
  /** Last known data of the orders a member opened, for use with no signal (`offline-cache.ts`). */
  offline_cache: OfflineCache;
  /** The parcels this tab registered, shown again on their pages (`kept-package.ts`). */
  package_sent: SentPackage[];
  /** The parcel this tab is sending, posted again by its page after a reload (`sending-package.ts`). */
  package_sending: SendingPackage;
}

/** A registered parcel as its form page answered it (`answer`: the drop-off's `PackageSent`). */
export interface SentPackage {
  /** The history entry of the page that sent it (React Router's `location.key`). */
  entry: string;
  boxId: number;
  /** When it was registered, on the phone's clock (`Date.now()`). */
  sentAt: number;
  answer: unknown;
}

/** A parcel's post on its way, as its form page sent it. */
export interface SendingPackage {
  /** The history entry of the page that sent it (React Router's `location.key`). */
  entry: string;
  boxId: number;
  /** Where it was posted (the route's action). */
  action: string;
  /** When it was sent, on the phone's clock (`Date.now()`). */
  sentAt: number;
  /** The posted fields, in order; a file as its name and a data URL of its bytes. */
  fields: [name: string, value: string | { fileName: string; dataUrl: string }][];
}

/** The offline copies of one member's orders, keyed like `order:123`. */
export interface OfflineCache {
  /** `member_code` of the member whose token loaded every entry. */
  owner: string;
  entries: Record<string, { data: unknown; savedAt: number }>;
}
export type StorageKey = keyof StoredValues;

type Encoding = "text" | "json";

/** The list of keys (spec §3). `text` values are stored as they are, `json` values as JSON. */
export const storageKeys = {
  language: "text",
  userdata: "json",
  overdue: "text",
  user_token: "text",
  order_data: "json",
  order_id: "text",
  bloburl: "text",
  isBase64: "json",
  qrOverdue: "json",
  lockerUserData: "json",
  overdue_dropoff_data: "json",
  offline_cache: "json",
  package_sent: "json",
  package_sending: "json",
} as const satisfies Record<StorageKey, Encoding>;

/** Keys of the tab, not of the browser: kept in sessionStorage (a reload keeps them, a new tab has none). */
const tabKeys: ReadonlySet<StorageKey> = new Set(["package_sent", "package_sending"]);

export const languageCookieName = "language";
/** How long the language cookie is kept: a year (the page's script and the switch's form alike). */
export const languageCookieMaxAgeSeconds = 60 * 60 * 24 * 365;

/** Values the browser refused to store, for this page only (never on the server: no window). */
const refused = new Map<StorageKey, string>();

/** Where a key lives; throws where the browser refuses storage (privacy settings), or is `null`. */
const backend = (key: StorageKey): Storage =>
  tabKeys.has(key) ? window.sessionStorage : window.localStorage;

function decode<K extends StorageKey>(key: K, raw: string): StoredValues[K] | null {
  if (storageKeys[key] === "text") {
    if (key === "language" && raw !== "id" && raw !== "en") return null;
    return raw as StoredValues[K];
  }
  try {
    return JSON.parse(raw) as StoredValues[K];
  } catch {
    return null;
  }
}

function encode<K extends StorageKey>(key: K, value: StoredValues[K]): string {
  return storageKeys[key] === "text" ? String(value) : JSON.stringify(value);
}

function writeLanguageCookie(value: string | null): void {
  if (typeof document === "undefined") return;
  // Secure on HTTPS (every deployment); plain-HTTP development would refuse a Secure cookie.
  const flags = `Path=/; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the one place that writes a cookie; Cookie Store API is not in every web view
  document.cookie =
    value === null
      ? `${languageCookieName}=; Max-Age=0; ${flags}`
      : `${languageCookieName}=${encodeURIComponent(value)}; Max-Age=${languageCookieMaxAgeSeconds}; ${flags}`;
}

/** Reads a key; `null` when absent, unreadable or on the server. */
function get<K extends StorageKey>(key: K): StoredValues[K] | null {
  if (typeof window === "undefined") return null;
  const raw = refused.get(key) ?? stored(key);
  if (raw === null) return null;
  const value = decode(key, raw);
  if (value === null) remove(key);
  return value;
}

function stored(key: StorageKey): string | null {
  try {
    return backend(key).getItem(key);
  } catch {
    return null;
  }
}

function unstore(key: StorageKey): void {
  refused.delete(key);
  try {
    backend(key).removeItem(key);
  } catch {
    // Refused: there is nothing to remove.
  }
}

/** Writes a key (the language also goes to its cookie). */
function set<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  if (typeof window === "undefined") return;
  if (key === "language") writeLanguageCookie(String(value));
  const raw = encode(key, value);
  try {
    backend(key).setItem(key, raw);
    refused.delete(key);
  } catch {
    // Quota exceeded or refused: storage is a convenience, never a requirement. An older value the
    // browser still holds must not come back in its place.
    unstore(key);
    refused.set(key, raw);
  }
}

function remove(key: StorageKey): void {
  if (typeof window === "undefined") return;
  if (key === "language") writeLanguageCookie(null);
  unstore(key);
}

/**
 * Whether a key's value is in the browser's storage, which outlives the page (a reload, the next
 * link), and not only in this page's memory.
 */
function keptOnDevice(key: StorageKey): boolean {
  return !refused.has(key) && stored(key) !== null;
}

export const storage = { get, set, remove, keptOnDevice };

/** Reads a cookie from a `Cookie` header (server) or `document.cookie` (browser). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

import * as z from "zod/mini";

/**
 * `schema.check(...checks)` as a plain function. Bundlers cannot tell that a method call has no
 * side effects, so a schema built with `.check()` would stay in every bundle that imports its
 * module, used or not; a call of this function is dropped when its result is unused.
 */
/* @__NO_SIDE_EFFECTS__ */
export function checked<T extends z.ZodMiniType>(schema: T, ...checks: Parameters<T["check"]>): T {
  return schema.check(...checks);
}

/** Languages of the product: Indonesian is the default and the fallback. */
export const Language = z.enum(["id", "en"]);
export type Language = z.infer<typeof Language>;
export const defaultLanguage: Language = "id";

/** Largest value of a PostgreSQL `integer` column (ids, amounts, counts): every number that goes in stays within it. */
export const pgIntegerMax = 2_147_483_647;

/**
 * Minutes east of UTC of the lockers' time, WIB (Western Indonesian Time, no daylight saving): every
 * location is in Jabodetabek. Messages write their times in it, and so do the web server's pages
 * (the phone's own zone takes over once a page's scripts run).
 */
export const lockerUtcOffsetMinutes = 7 * 60;

/** Latest time a JavaScript `Date` can hold (year 275760), in epoch milliseconds. */
export const epochMillisMax = 8_640_000_000_000_000;

/** Point in time as milliseconds since the Unix epoch. */
export const EpochMillis = checked(
  z.int(),
  z.nonnegative(),
  z.maximum(epochMillisMax, { error: "is not a valid time" }),
);

/** Rupiah amount in whole Rupiah (stored in PostgreSQL `integer` columns). */
export const Rupiah = checked(z.int(), z.nonnegative(), z.maximum(pgIntegerMax, { error: "is too large" }));

/** A count (days, hours, units) that fits a PostgreSQL `integer`. */
export const Count = checked(z.int(), z.nonnegative(), z.maximum(pgIntegerMax, { error: "is too large" }));

/** A count of at least one that fits a PostgreSQL `integer`. */
export const PositiveCount = checked(
  z.int(),
  z.positive(),
  z.maximum(pgIntegerMax, { error: "is too large" }),
);

/**
 * Database id as it appears in paths and queries (`orderid=123`) and in bodies: a number, or a string
 * of decimal digits (spaces around them, as a copied link may carry, are let go). What else `Number()`
 * reads (`0x10`, `1e3`, `+12`) is refused, so that one order is not read from many spellings.
 */
export const NumericId = z.pipe(
  z.union([
    z.number({ error: "must be a number" }),
    z.string().check(z.regex(/^\s*[0-9]+\s*$/, { error: "must be a number" })),
  ]),
  checked(
    z.coerce.number<string | number>({ error: "must be a number" }),
    z.int({ error: "must be a whole number" }),
    z.positive({ error: "must be a positive number" }),
    z.maximum(pgIntegerMax, { error: "is too large" }),
  ),
);

/** A description shown in the OpenAPI document (classic zod's `.describe`). */
/* @__NO_SIDE_EFFECTS__ */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  return schema.check(z.core.describe(description));
}

/** Every success response: `{ code: 200, message?, data }`. */
/* @__NO_SIDE_EFFECTS__ */
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.optional(z.string()), data });
}
export type Envelope<T> = { code: 200; message?: string; data: T };

/**
 * Every failure response: `{ code, message, key? }` where code mirrors the HTTP status, `message` is
 * written in the caller's language and `key` names it (one of `messageKeys`, `messages.ts`; a plain
 * string here so that a client meeting a newer key still reads the message).
 */
export const ApiErrorBody = z.object({
  code: z.int(),
  message: z.string(),
  key: z.optional(described(z.string(), "message key, one of messageKeys")),
  data: z.optional(z.unknown()),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** HTML supplied by the server (banners, services, settings); clients must sanitise before rendering. */
export const ServerHtml = described(
  checked(z.string(), z.maxLength(20_000)),
  "HTML from the server; sanitise before rendering",
);

/**
 * Text escaped for HTML: the API's own small pages (sandbox checkout, kiosk) and a door number put
 * into settings HTML that has already been sanitised.
 */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** Trimmed, non-empty text with a bounded length. */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(message: string, max = 200) {
  return checked(
    z.string({ error: message }),
    z.trim(),
    z.minLength(1, { error: message }),
    z.maxLength(max, { error: `must be at most ${max} characters` }),
  );
}

/** The "response" of a call answered 204 No Content. */
export const NoContent = described(z.undefined(), "no content");

/** The "response" of an image call: the raw bytes, not an envelope. */
export const ImageBytes = described(z.string(), "image bytes");

import { z } from "zod";

/** Languages of the product: Indonesian is the default and the fallback. */
export const Language = z.enum(["id", "en"]);
export type Language = z.infer<typeof Language>;
export const defaultLanguage: Language = "id";

/** Point in time as milliseconds since the Unix epoch. */
export const EpochMillis = z.number().int().nonnegative();

/** Rupiah amount in whole Rupiah. */
export const Rupiah = z.number().int().nonnegative();

/** Database id as it appears in paths and queries (`orderid=123`). */
export const NumericId = z.coerce
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .positive({ error: "must be a positive number" })
  .max(2_147_483_647, { error: "is too large" });

/** Every success response: `{ code: 200, message?, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string().optional(), data });
}
export type Envelope<T> = { code: 200; message?: string; data: T };

/** Every failure response: `{ code, message }` where code mirrors the HTTP status. */
export const ApiErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** HTML supplied by the server (banners, services, settings); clients must sanitise before rendering. */
export const ServerHtml = z.string().max(20_000).describe("HTML from the server; sanitise before rendering");

/** Trimmed, non-empty text with a bounded length. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `must be at most ${max} characters` });
}

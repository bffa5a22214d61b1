import * as z from "zod/mini";
import { checked, NumericId } from "../common.ts";

/** Demo scenarios: each creates a fresh record and names the page to open. */
export const scenarioIds = [
  "rent-to-store",
  "rent-in-store",
  "rent-in-store-overdue",
  "rent-in-store-overdue-free",
  "rent-ended",
  "rent-cancelled",
  "rent-ended-by-system",
  "dropoff-in-store",
  "dropoff-overdue-need-to-pay",
  "dropoff-overdue-taken",
  "dropoff-overdue-expired",
  "package-form",
  "package-form-no-doors",
  "guest-book-individu",
  "guest-book-business",
  "short-link",
  "short-link-missing",
  "landing-with-orderid",
] as const;
export const ScenarioId = z.enum(scenarioIds, { error: "unknown scenario" });
export type ScenarioId = z.infer<typeof ScenarioId>;

export const DemoScenario = z.object({ id: ScenarioId, title: z.string(), url: z.string() });
export type DemoScenario = z.infer<typeof DemoScenario>;
export const ScenarioParams = z.object({ id: ScenarioId });
/**
 * `language=en` makes rent scenarios belong to the English-speaking demo member, and opens the pages
 * without a member with the `lang=en` link.
 */
export const ScenarioQuery = z.strictObject({ language: z._default(z.enum(["id", "en"]), "id") });

/** Liveness: the process answers (no database call). */
export const Health = z.object({ status: z.literal("ok") });

/** Readiness: the database answers and has every migration of this code, the latest named. */
export const Readiness = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  migration: z.string(),
});

export const MediaParams = z.object({
  kind: z.enum(["banner", "service", "guide", "locker", "badge", "brand", "misc"], {
    error: "unknown media kind",
  }),
  name: checked(
    z.string(),
    z.regex(/^[A-Za-z0-9_.-]+\.svg$/, { error: "unknown media name" }),
    z.maxLength(120),
  ),
});

export const BarcodeParams = z.object({
  product: checked(z.string(), z.regex(/^[a-z0-9-]{1,32}$/, { error: "unknown product" })),
  barcodeId: checked(z.string(), z.regex(/^[A-Za-z0-9-]{1,64}$/, { error: "unknown barcode" })),
});

/** Locker-kiosk simulator: a scanned QR text and, optionally, the box it was scanned at. */
export const KioskScanBody = z.object({
  code: checked(
    z.string(),
    z.trim(),
    z.minLength(1, { error: "code is required" }),
    z.maxLength(200, { error: "code is too long" }),
  ),
  boxId: z.optional(NumericId),
});

export const KioskAction = z.enum(["store", "open", "stop", "dropoff-store", "pickup"]);

export const KioskScanResult = z.object({
  action: KioskAction,
  boxId: z.int(),
  doorNumber: z.string(),
  orderId: z.int(),
  orderStatus: z.string(),
  /** For a drop-off just stored: the link the recipient is sent. */
  recipientLink: z.optional(z.string()),
  openCount: z.optional(z.int()),
});
export type KioskScanResult = z.infer<typeof KioskScanResult>;

export const AdvanceParams = z.object({ id: NumericId });
export const AdvanceBody = z.object({
  minutes: checked(
    z.number({ error: "minutes must be a number" }),
    z.int({ error: "minutes must be a whole number" }),
    z.minimum(1, { error: "minutes must be at least 1" }),
    z.maximum(60 * 24 * 60, { error: "minutes must be at most 60 days" }),
  ),
});
export const AdvanceResult = z.object({ id: z.int(), minutes: z.int() });

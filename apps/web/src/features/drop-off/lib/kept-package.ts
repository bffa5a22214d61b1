import { storage } from "../../../lib/offline/storage";
import type { PackageSent } from "./package-form";

/** As long as a parcel's QR is valid ("Valid for 24 hours"): a kept one older than that is dropped. */
export const keptPackageMs = 24 * 60 * 60 * 1000;

/**
 * The parcel this tab registered last, kept for the tab (sessionStorage): a courier whose page is
 * reloaded — by a pull, or by the phone bringing back a tab it had discarded — gets the QR again
 * instead of an empty form that would register a second parcel. A new tab starts empty.
 */
export function keepPackage(boxId: number, answer: PackageSent, now = Date.now()): void {
  storage.set("package_sent", { boxId, sentAt: now, answer });
}

/** The kept parcel of this box, while its QR is valid; `null` otherwise. */
export function keptPackage(boxId: number, now = Date.now()): PackageSent | null {
  const kept = storage.get("package_sent");
  if (!kept || kept.boxId !== boxId) return null;
  const age = now - kept.sentAt;
  if (age < 0 || age >= keptPackageMs) return null;
  return kept.answer as PackageSent;
}

/** A new form in this tab: the parcel before it is not shown again. */
export function forgetPackage(): void {
  storage.remove("package_sent");
}

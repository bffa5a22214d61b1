import { storage } from "../../../lib/offline/storage";
import type { PackageSent } from "./package-form";

/** As long as a parcel's QR is valid ("Valid for 24 hours"): a kept one older than that is dropped. */
export const keptPackageMs = 24 * 60 * 60 * 1000;

/** How many pages of the form (history entries) keep their parcel at most. */
export const keptPackages = 5;

const fresh = (sentAt: number, now: number) => now - sentAt >= 0 && now - sentAt < keptPackageMs;

/**
 * The parcels this tab registered, each under the history entry of the page that sent it (ADR
 * 047), in sessionStorage: a courier whose page is reloaded — by a pull, or by the phone bringing
 * back a tab it had discarded — or who goes back to it gets the QR again instead of an empty form
 * that would register a second parcel. A new tab starts empty.
 */
export function keepPackage(entry: string, boxId: number, answer: PackageSent, now = Date.now()): void {
  const others = (storage.get("package_sent") ?? []).filter(
    (kept) => kept.entry !== entry && fresh(kept.sentAt, now),
  );
  storage.set("package_sent", [{ entry, boxId, sentAt: now, answer }, ...others].slice(0, keptPackages));
}

/** The parcel the page of this history entry registered for this box, while its QR is valid. */
export function keptPackage(entry: string, boxId: number, now = Date.now()): PackageSent | null {
  const kept = storage.get("package_sent")?.find((sent) => sent.entry === entry && sent.boxId === boxId);
  return kept && fresh(kept.sentAt, now) ? (kept.answer as PackageSent) : null;
}

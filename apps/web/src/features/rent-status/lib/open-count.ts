import type { Order } from "@paxelbox/contract";
import { storage } from "../../../lib/offline/storage";

/** Openings of an order's door so far, from `lockerUserData` (spec §3). */
export function openCount(expressNumber: Order["expressNumber"]): number {
  return (
    storage.get("lockerUserData")?.find((entry) => entry.expressNumber === expressNumber)?.openFrequency ?? 0
  );
}

/** Counts one more opening of the order's door and returns the new count. */
export function countOpening(expressNumber: Order["expressNumber"]): number {
  const list = (storage.get("lockerUserData") ?? []).filter(
    (entry) => entry && typeof entry.expressNumber === "string",
  );
  const existing = list.find((entry) => entry.expressNumber === expressNumber);
  const next = (existing?.openFrequency ?? 0) + 1;
  const updated = existing
    ? list.map((entry) => (entry === existing ? { ...entry, openFrequency: next } : entry))
    : [...list, { expressNumber, openFrequency: next }];
  storage.set("lockerUserData", updated);
  return next;
}

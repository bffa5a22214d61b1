/** Known rent units (server values such as "hour", "hours", "jam"); others are shown as they come. */
export type RentUnit = "hour" | "day";

export function rentUnitOf(unit: string | null | undefined): RentUnit | null {
  const value = (unit ?? "").trim().toLowerCase();
  if (["hour", "hours", "jam"].includes(value)) return "hour";
  if (["day", "days", "hari"].includes(value)) return "day";
  return null;
}

const unitMs: Record<RentUnit, number> = { hour: 3_600_000, day: 86_400_000 };

interface RentTimes {
  storeTime: number | null;
  rentTime: number;
  rentTimeUnit: string;
  overdueTime: number | null;
}

/**
 * When a rent ends, as its info shows it. It starts when its items are stored, so before that it has
 * no end (the deadline is then the one to store by). A paid extension moves the deadline past the
 * rent's own end (start plus duration): the end then stays the rent's own, and `extendedUntil` is the
 * deadline — where it lies past that end by more than a minute, so a deadline the kiosk rounded is
 * not taken for one.
 */
export function rentEnds(order: RentTimes): { ends: number | null; extendedUntil: number | null } {
  if (order.storeTime === null || order.overdueTime === null) return { ends: null, extendedUntil: null };
  const unit = rentUnitOf(order.rentTimeUnit);
  const booked = unit === null ? null : order.storeTime + order.rentTime * unitMs[unit];
  if (booked === null || order.overdueTime <= booked + 60_000) {
    return { ends: order.overdueTime, extendedUntil: null };
  }
  return { ends: booked, extendedUntil: order.overdueTime };
}

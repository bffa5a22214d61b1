import type { OverdueCalculation, OverdueStatus } from "@paxelbox/contract";

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;

export interface RentClock {
  /** Paid-until time of the rent. */
  deadline: Date | null;
  /** The rent was flagged as expired by the operator. */
  expiredFlag: boolean;
  /** Overdue fee for each started hour. */
  feePerHour: number;
}

/** A rent is overdue when now is past its deadline or it is flagged as expired (spec §4). */
export function isRentOverdue(rent: RentClock, now: number): boolean {
  return rent.expiredFlag || (rent.deadline !== null && now > rent.deadline.getTime());
}

/**
 * Overdue fee of a rent (spec §3, §4, §9): hours = elapsed whole hours past the deadline plus one;
 * total = fee per hour × hours; paying extends the rent to the deadline plus those hours.
 */
export function calculateRentOverdue(rent: RentClock, now: number): OverdueCalculation {
  const deadline = rent.deadline?.getTime() ?? now;
  const overdue = isRentOverdue(rent, now);
  const elapsed = Math.max(0, now - deadline);
  const hours = overdue ? Math.floor(elapsed / hourMs) + 1 : 0;
  return {
    total_overdue_fee: rent.feePerHour * hours,
    next_overdue_time: deadline + hours * hourMs,
    increase_duration: hours,
    overdue_fee_per_unit: rent.feePerHour,
    rent_unit: hours === 1 ? "hour" : "hours",
    rent_unit_bahasa: "jam",
  };
}

export interface DropoffClock {
  status: string;
  /** Free pick-up until this time (or until a paid extension). */
  deadline: Date | null;
  /** After this the order link expires and the parcel goes back to the operator. */
  linkExpiresAt: Date | null;
  feePerDay: number;
}

/**
 * Overdue state of a drop-off: expired after the link's limit, need_to_pay past the deadline when its
 * size has a fee, else none. A size without an overdue fee (0 a day) has nothing to pay: its parcel
 * is picked up with its code until the link expires, as a rent without a fee is stopped (spec §6),
 * rather than held behind a payment of Rp 0 no gateway takes.
 */
export function dropoffOverdueStatus(dropoff: DropoffClock, now: number): OverdueStatus {
  if (dropoff.status !== "IN_STORE") return "none";
  if (dropoff.linkExpiresAt && now > dropoff.linkExpiresAt.getTime()) return "expired";
  if (dropoff.deadline && now > dropoff.deadline.getTime() && dropoff.feePerDay > 0) return "need_to_pay";
  return "none";
}

/**
 * Started days past the deadline, and their fee, while the parcel is in its locker: a parcel taken
 * (by its recipient or an operator) owes nothing more, however long ago its deadline was.
 */
export function dropoffOverdueFee(dropoff: DropoffClock, now: number): { days: number; total: number } {
  if (dropoff.status !== "IN_STORE" || !dropoff.deadline || now <= dropoff.deadline.getTime()) {
    return { days: 0, total: 0 };
  }
  const days = Math.ceil((now - dropoff.deadline.getTime()) / dayMs);
  return { days, total: days * dropoff.feePerDay };
}

/** Known rent units (server values such as "hour", "hours", "jam"); others are shown as they come. */
export type RentUnit = "hour" | "day";

export function rentUnitOf(unit: string | null | undefined): RentUnit | null {
  const value = (unit ?? "").trim().toLowerCase();
  if (["hour", "hours", "jam"].includes(value)) return "hour";
  if (["day", "days", "hari"].includes(value)) return "day";
  return null;
}

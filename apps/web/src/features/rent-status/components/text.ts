import { useT } from "../../../lib/i18n/i18n";
import { rentUnitOf } from "../lib/duration";

/** "3 hours" / "3 jam" for a count and a server unit, in the current language. */
export function useDurationText() {
  const { t } = useT();
  return (count: number, unit: string, unitBahasa?: string) => {
    const kind = rentUnitOf(unit) ?? rentUnitOf(unitBahasa);
    if (kind === "hour") return t("rent.duration.hour", { count });
    if (kind === "day") return t("rent.duration.day", { count });
    return t("rent.duration.other", { count, unit });
  };
}

/** "hour" / "jam" for the fee-per-unit label. */
export function useUnitText() {
  const { t, language } = useT();
  return (unit: string, unitBahasa?: string) => {
    const kind = rentUnitOf(unit) ?? rentUnitOf(unitBahasa);
    if (kind === "hour") return t("rent.unit.hour");
    if (kind === "day") return t("rent.unit.day");
    return language === "id" && unitBahasa ? unitBahasa : unit;
  };
}

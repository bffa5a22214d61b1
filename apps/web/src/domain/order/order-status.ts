import type { Order, OrderStatus } from "@paxelbox/contract";
import type { TFunction, TKey } from "../../lib/i18n/i18n";

/** Chip colours of spec §4: in store amber, imported green, cancelled red, others purple. */
export type StatusTone = "green" | "amber" | "red" | "purple";

/** Label and tone of each known status (spec §4); unknown statuses are shown raw, in purple. */
export const orderStatusLabels: Partial<Record<OrderStatus, { labelKey: TKey; tone: StatusTone }>> = {
  IMPORTED: { labelKey: "status.IMPORTED", tone: "green" },
  IN_STORE: { labelKey: "status.IN_STORE", tone: "amber" },
  CUSTOMER_TAKEN: { labelKey: "status.CUSTOMER_TAKEN", tone: "purple" },
  CANCEL: { labelKey: "status.CANCEL", tone: "red" },
  TAKEN_BY_SYSTEM: { labelKey: "status.TAKEN_BY_SYSTEM", tone: "purple" },
  OPERATOR_TAKEN: { labelKey: "status.OPERATOR_PICK", tone: "purple" },
  OPERATOR_PICK: { labelKey: "status.OPERATOR_PICK", tone: "purple" },
};

export function statusPresentation(status: Order["status"]): {
  labelKey?: TKey;
  raw: string;
  tone: StatusTone;
} {
  const known = orderStatusLabels[status as OrderStatus];
  return known ? { ...known, raw: status } : { raw: status, tone: "purple" };
}

/** The words the screen shows for a status, in the screen's language (raw when unknown). */
export function statusText(status: Order["status"], t: TFunction): string {
  const { labelKey, raw } = statusPresentation(status);
  return labelKey ? t(labelKey) : raw;
}

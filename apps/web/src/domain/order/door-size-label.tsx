import type { MouthTypeName } from "@paxelbox/contract";
import { type TKey, useT } from "../../lib/i18n/i18n";

/** Door-size labels of spec §3 (L Large, S Food Small Food, SELIBOX Seli Box, …). */
export const doorSizeLabelKeys: Record<MouthTypeName, TKey> = {
  S: "doorSize.S",
  M: "doorSize.M",
  L: "doorSize.L",
  XL: "doorSize.XL",
  "S Food": "doorSize.S Food",
  "M Food": "doorSize.M Food",
  "L Food": "doorSize.L Food",
  "XL Food": "doorSize.XL Food",
  SELIBOX: "doorSize.SELIBOX",
};

export function doorSizeLabelKey(size: string): TKey | undefined {
  return (doorSizeLabelKeys as Record<string, TKey | undefined>)[size];
}

/** A door size in words; an unknown size is shown as it is. */
export function DoorSizeLabel({ size }: { size: MouthTypeName | string }) {
  const { t } = useT();
  const key = doorSizeLabelKey(size);
  return <>{key ? t(key) : size}</>;
}

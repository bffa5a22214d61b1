/** Door ("mouth") sizes of spec §3 with believable inner dimensions and demo prices. */

export type MouthTypeName = "S" | "M" | "L" | "XL" | "S Food" | "M Food" | "L Food" | "XL Food" | "SELIBOX";

export interface SeedMouthType {
  name: MouthTypeName;
  /** The spec's label: "Small", "Medium", ..., "Seli Box". */
  label: string;
  /** Inner height in centimetres. */
  height: number;
  /** Inner depth in centimetres. */
  depth: number;
  /** Inner width in centimetres. */
  width: number;
  /** Rent price per rent period, Rupiah. */
  defaultUsePrice: number;
  /** Overdue fee of a rented door per started hour, Rupiah. */
  overduePricePerHour: number;
  /** Overdue fee of a drop-off parcel per day past its deadline, Rupiah. */
  dropoffOverduePricePerDay: number;
}

export const mouthTypes: SeedMouthType[] = [
  {
    name: "S",
    label: "Small",
    height: 10,
    depth: 45,
    width: 35,
    defaultUsePrice: 5000,
    overduePricePerHour: 1000,
    dropoffOverduePricePerDay: 5000,
  },
  {
    name: "M",
    label: "Medium",
    height: 20,
    depth: 45,
    width: 35,
    defaultUsePrice: 8000,
    overduePricePerHour: 1500,
    dropoffOverduePricePerDay: 7500,
  },
  {
    name: "L",
    label: "Large",
    height: 35,
    depth: 45,
    width: 35,
    defaultUsePrice: 12000,
    overduePricePerHour: 2000,
    dropoffOverduePricePerDay: 10000,
  },
  {
    name: "XL",
    label: "Extra Large",
    height: 60,
    depth: 45,
    width: 50,
    defaultUsePrice: 18000,
    overduePricePerHour: 3000,
    dropoffOverduePricePerDay: 15000,
  },
  {
    name: "S Food",
    label: "Small Food",
    height: 15,
    depth: 40,
    width: 30,
    defaultUsePrice: 6000,
    overduePricePerHour: 1500,
    dropoffOverduePricePerDay: 6000,
  },
  {
    name: "M Food",
    label: "Medium Food",
    height: 25,
    depth: 40,
    width: 30,
    defaultUsePrice: 9000,
    overduePricePerHour: 2000,
    dropoffOverduePricePerDay: 9000,
  },
  {
    name: "L Food",
    label: "Large Food",
    height: 35,
    depth: 40,
    width: 40,
    defaultUsePrice: 13000,
    overduePricePerHour: 2500,
    dropoffOverduePricePerDay: 12000,
  },
  {
    name: "XL Food",
    label: "Extra Large Food",
    height: 45,
    depth: 45,
    width: 50,
    defaultUsePrice: 18000,
    overduePricePerHour: 3000,
    dropoffOverduePricePerDay: 15000,
  },
  {
    name: "SELIBOX",
    label: "Seli Box",
    height: 80,
    depth: 60,
    width: 60,
    defaultUsePrice: 30000,
    overduePricePerHour: 5000,
    dropoffOverduePricePerDay: 25000,
  },
];

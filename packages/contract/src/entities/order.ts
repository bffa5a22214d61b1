import { z } from "zod";
import { EpochMillis, NumericId, Rupiah } from "../common.ts";
import { MouthTypeName } from "./locker.ts";

/** Order statuses of spec §4; other values may appear and are shown raw. */
export const knownOrderStatuses = [
  "IMPORTED",
  "IN_STORE",
  "CUSTOMER_TAKEN",
  "CANCEL",
  "TAKEN_BY_SYSTEM",
  "OPERATOR_TAKEN",
  "OPERATOR_PICK",
  "CUSTOMER_STORE",
] as const;
export const OrderStatus = z.enum(knownOrderStatuses);
export type OrderStatus = z.infer<typeof OrderStatus>;
/** Status as delivered: a known status or any other value, shown raw. */
export const OrderStatusValue = z.union([OrderStatus, z.string()]);

export const OrderKind = z.enum(["rent", "dropoff"]);
export type OrderKind = z.infer<typeof OrderKind>;

export const OrderParams = z.object({ orderid: NumericId });

export const Donation = z.object({
  qty: z.number().int().nonnegative(),
  name: z.object({ en: z.string(), id: z.string() }),
  sub_total: Rupiah,
  donation_amount: Rupiah,
});

export const OrderLog = z.object({ status: OrderStatusValue, createdAt: EpochMillis });

/** A rent or drop-off record with everything the order screens show (spec §3 "Order"). */
export const Order = z.object({
  id: z.number().int(),
  kind: OrderKind,
  status: OrderStatusValue,
  expressNumber: z.string(),
  createTime: EpochMillis,
  overdueDatetime: z.string().nullable().describe("deadline as ISO 8601"),
  overdueTime: EpochMillis.nullable().describe("deadline: after it the order is overdue"),
  overdueDays: z.number().int().nonnegative(),
  overduePrice: Rupiah,
  isExpired: z.boolean().describe("expiry flag: the rent is treated as overdue even before the deadline"),
  rentTime: z.number().int().nonnegative(),
  rentTimeUnit: z.string(),
  storeTime: EpochMillis.nullable(),
  takeTime: EpochMillis.nullable(),
  paymentMethod: z.string().nullable(),
  payOfAmount: Rupiah.describe("rent fee"),
  payment_detail: z
    .object({ payment_method: z.string(), reference: z.string().nullable(), paid_at: EpochMillis.nullable() })
    .nullable(),
  donation: z.array(Donation),
  total_donation: Rupiah,
  admin_fee: z.object({ amount: Rupiah, total_amount: Rupiah }),
  logs: z.array(OrderLog),
  recipientName: z.string(),
  barcode: z.object({
    qrcodeCustomerTake: z.string().nullable(),
    qrcodeCustomerStore: z.string().nullable(),
  }),
  mouth: z.object({
    id: z.number().int(),
    number: z.string(),
    box: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
    mouthType: z.object({ name: MouthTypeName, defaultUsePrice: Rupiah }),
  }),
  lockerLocationDetail: z.object({
    location: z.string(),
    address: z.string(),
    description: z.string(),
    descriptionBahasa: z.string(),
    operationalHour: z.string(),
    operationalHourBahasa: z.string(),
    photo: z.string().nullable(),
    mapsLink: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
});
export type Order = z.infer<typeof Order>;

/** Body of cancel rent / cancel booking. */
export const CancelRentBody = z.object({ id: NumericId });
export const CancelRentResult = z.object({ id: z.number().int(), status: OrderStatusValue });

export const TemporaryQrBody = z.object({
  expressNumber: z.string().trim().min(1, { error: "expressNumber is required" }).max(64),
});
export const TemporaryQr = z.object({ temporaryQrcode: z.string(), expiresAt: EpochMillis });

export const OverdueQrBody = z.object({ id: NumericId, status: z.string().trim().min(1).max(32) });
export const OverdueQr = z.object({ qrcode: z.string() });

/** Rent overdue fee (spec §3): total = fee per unit × increase duration. */
export const OverdueCalculation = z.object({
  total_overdue_fee: Rupiah,
  next_overdue_time: EpochMillis,
  increase_duration: z.number().int().nonnegative(),
  overdue_fee_per_unit: Rupiah,
  rent_unit: z.string(),
  rent_unit_bahasa: z.string(),
});
export type OverdueCalculation = z.infer<typeof OverdueCalculation>;

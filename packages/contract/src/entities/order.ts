import * as z from "zod/mini";
import { checked, described, EpochMillis, NumericId, Rupiah } from "../common.ts";
import { MouthTypeNameValue } from "./locker.ts";

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
  qty: checked(z.int(), z.nonnegative()),
  name: z.object({ en: z.string(), id: z.string() }),
  sub_total: Rupiah,
  donation_amount: Rupiah,
});

export const OrderLog = z.object({ status: OrderStatusValue, createdAt: EpochMillis });

/** A rent or drop-off record with everything the order screens show (spec §3 "Order"). */
export const Order = z.object({
  id: z.int(),
  kind: OrderKind,
  status: OrderStatusValue,
  expressNumber: z.string(),
  createTime: EpochMillis,
  overdueDatetime: described(z.nullable(z.string()), "deadline as ISO 8601"),
  overdueTime: described(z.nullable(EpochMillis), "deadline: after it the order is overdue"),
  overdueDays: checked(z.int(), z.nonnegative()),
  overduePrice: Rupiah,
  isExpired: described(z.boolean(), "expiry flag: the rent is treated as overdue even before the deadline"),
  rentTime: checked(z.int(), z.nonnegative()),
  rentTimeUnit: z.string(),
  storeTime: z.nullable(EpochMillis),
  takeTime: z.nullable(EpochMillis),
  paymentMethod: z.nullable(z.string()),
  payOfAmount: described(Rupiah, "rent fee"),
  payment_detail: z.nullable(
    z.object({
      payment_method: z.string(),
      reference: z.nullable(z.string()),
      paid_at: z.nullable(EpochMillis),
    }),
  ),
  donation: z.array(Donation),
  total_donation: Rupiah,
  admin_fee: z.object({ amount: Rupiah, total_amount: Rupiah }),
  logs: z.array(OrderLog),
  recipientName: z.string(),
  barcode: z.object({
    qrcodeCustomerTake: z.nullable(z.string()),
    qrcodeCustomerStore: z.nullable(z.string()),
  }),
  mouth: z.object({
    id: z.int(),
    number: z.string(),
    box: z.object({ id: z.int(), name: z.string(), address: z.string() }),
    mouthType: z.object({ name: MouthTypeNameValue, defaultUsePrice: Rupiah }),
  }),
  lockerLocationDetail: z.object({
    location: z.string(),
    address: z.string(),
    description: z.string(),
    descriptionBahasa: z.string(),
    operationalHour: z.string(),
    operationalHourBahasa: z.string(),
    photo: z.nullable(z.string()),
    mapsLink: z.nullable(z.string()),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
  }),
});
export type Order = z.infer<typeof Order>;

/** Body of cancel rent / cancel booking. */
export const CancelRentBody = z.object({ id: NumericId });
export const CancelRentResult = z.object({ id: z.int(), status: OrderStatusValue });

export const TemporaryQrBody = z.object({
  expressNumber: checked(
    z.string(),
    z.trim(),
    z.minLength(1, { error: "expressNumber is required" }),
    z.maxLength(64),
  ),
});
export const TemporaryQr = z.object({ temporaryQrcode: z.string(), expiresAt: EpochMillis });

export const OverdueQrBody = z.object({
  id: NumericId,
  status: checked(z.string(), z.trim(), z.minLength(1), z.maxLength(32)),
});
/** The stop code of a rent whose overdue fee is 0, and when it stops opening the door (15 minutes). */
export const OverdueQr = z.object({ qrcode: z.string(), expiresAt: EpochMillis });

/** Rent overdue fee (spec §3): total = fee per unit × increase duration. */
export const OverdueCalculation = z.object({
  total_overdue_fee: Rupiah,
  next_overdue_time: EpochMillis,
  increase_duration: checked(z.int(), z.nonnegative()),
  overdue_fee_per_unit: Rupiah,
  rent_unit: z.string(),
  rent_unit_bahasa: z.string(),
});
export type OverdueCalculation = z.infer<typeof OverdueCalculation>;

/**
 * How often the order's event stream (`calls.orderEvents`), while quiet, carries a comment line
 * (`: heartbeat`): a stream silent for longer is a connection gone dead on the way (a network
 * switched, a NAT entry dropped), which the screen leaves for its poll and a new stream.
 */
export const orderEventsHeartbeatMs = 30_000;

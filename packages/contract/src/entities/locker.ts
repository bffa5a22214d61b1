import * as z from "zod/mini";
import { checked, NumericId, Rupiah } from "../common.ts";

/** Door sizes of spec §3 (a mouth is a door of a box). */
export const MouthTypeName = z.enum([
  "S",
  "M",
  "L",
  "XL",
  "S Food",
  "M Food",
  "L Food",
  "XL Food",
  "SELIBOX",
]);
export type MouthTypeName = z.infer<typeof MouthTypeName>;
/** A door size as delivered: a known size or any other value, shown raw (as statuses are). */
export const MouthTypeNameValue = z.union([MouthTypeName, z.string()]);

export const BoxLocationParams = z.object({ boxId: NumericId });
export const BoxLocationQuery = z.strictObject({
  "rent-availability": z._default(z.enum(["0", "1"], { error: "rent-availability must be 0 or 1" }), "0"),
});

/** Location of a box as shown on order screens (spec §3 "Box location detail"). */
export const BoxLocationDetail = z.object({
  locker_location: z.string(),
  location_address: z.string(),
  location_description: z.string(),
  location_description_bahasa: z.string(),
  operational_hour: z.string(),
  operational_hour_bahasa: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  maps_link: z.nullable(z.string()),
  locker_photo: z.nullable(z.string()),
});
export type BoxLocationDetail = z.infer<typeof BoxLocationDetail>;

/** A door size that can be chosen on the drop-off form. Dimensions in centimetres. */
export const LockerSize = z.object({
  name: MouthTypeName,
  height: checked(z.int(), z.positive()),
  depth: checked(z.int(), z.positive()),
  width: checked(z.int(), z.positive()),
  available: checked(z.int(), z.nonnegative()),
  price: Rupiah,
});
export type LockerSize = z.infer<typeof LockerSize>;

export const LockerSizesParams = z.object({ boxId: NumericId });

/**
 * A latitude or longitude in degrees, to 7 decimals (about a centimetre): PostgreSQL refuses a
 * float as tiny as 1e-320, which a client could otherwise send.
 */
/* @__NO_SIDE_EFFECTS__ */
function coordinate(max: number) {
  return z.pipe(
    checked(z.coerce.number(), z.minimum(-max), z.maximum(max)),
    z.transform((value: number) => Math.round(value * 1e7) / 1e7),
  );
}

/** Locker finder: search by name or area, or nearest to a point. */
export const LockerSearchQuery = z.strictObject({
  q: z.optional(checked(z.string(), z.trim(), z.maxLength(100, { error: "q is too long" }))),
  lat: z.optional(coordinate(90)),
  lng: z.optional(coordinate(180)),
  limit: z._default(
    checked(z.coerce.number(), z.int(), z.minimum(1), z.maximum(100, { error: "limit must be at most 100" })),
    20,
  ),
  offset: z._default(checked(z.coerce.number(), z.int(), z.minimum(0), z.maximum(10_000)), 0),
});

export const LockerListItem = z.object({
  id: z.int(),
  code: z.string(),
  name: z.string(),
  area: z.string(),
  city: z.string(),
  address: z.string(),
  operational_hour: z.string(),
  operational_hour_bahasa: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  maps_link: z.nullable(z.string()),
  /** Kilometres from the given point, when one was given. */
  distance_km: z.nullable(z.number()),
});
export type LockerListItem = z.infer<typeof LockerListItem>;
export const LockerList = z.object({ total: z.int(), items: z.array(LockerListItem) });

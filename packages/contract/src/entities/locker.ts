import { z } from "zod";
import { NumericId, Rupiah } from "../common.ts";

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

export const BoxLocationParams = z.object({ boxId: NumericId });
export const BoxLocationQuery = z.object({
  "rent-availability": z.enum(["0", "1"], { error: "rent-availability must be 0 or 1" }).default("0"),
});

/** Location of a box as shown on order screens (spec §3 "Box location detail"). */
export const BoxLocationDetail = z.object({
  locker_location: z.string(),
  location_address: z.string(),
  location_description: z.string(),
  location_description_bahasa: z.string(),
  operational_hour: z.string(),
  operational_hour_bahasa: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  maps_link: z.string().nullable(),
  locker_photo: z.string().nullable(),
});
export type BoxLocationDetail = z.infer<typeof BoxLocationDetail>;

/** A door size that can be chosen on the drop-off form. Dimensions in centimetres. */
export const LockerSize = z.object({
  name: MouthTypeName,
  height: z.number().int().positive(),
  depth: z.number().int().positive(),
  width: z.number().int().positive(),
  available: z.number().int().nonnegative(),
  price: Rupiah,
});
export type LockerSize = z.infer<typeof LockerSize>;

export const LockerSizesParams = z.object({ boxId: NumericId });

/** Locker finder: search by name or area, or nearest to a point. */
export const LockerSearchQuery = z.object({
  q: z.string().trim().max(100, { error: "q is too long" }).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  limit: z.coerce.number().int().min(1).max(100, { error: "limit must be at most 100" }).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const LockerListItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  area: z.string(),
  city: z.string(),
  address: z.string(),
  operational_hour: z.string(),
  operational_hour_bahasa: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  maps_link: z.string().nullable(),
  /** Kilometres from the given point, when one was given. */
  distance_km: z.number().nullable(),
});
export type LockerListItem = z.infer<typeof LockerListItem>;
export const LockerList = z.object({ total: z.number().int(), items: z.array(LockerListItem) });

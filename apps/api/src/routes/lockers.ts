import { calls, type LockerSize } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { notFound } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";

interface LockerRow {
  id: number;
  code: string;
  name: string;
  area: string;
  city: string;
  address: string;
  operational_hour: string;
  operational_hour_bahasa: string;
  latitude: number | null;
  longitude: number | null;
  maps_link: string | null;
  distance_km: number | null;
  total: number;
}

export function lockerRoutes(app: FastifyInstance, db: Queryable): void {
  mountCall(app, calls.lockerLocations, async ({ query, reply }) => {
    const near = query.lat !== undefined && query.lng !== undefined;
    const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
    // Equirectangular distance: exact enough within a metropolitan area, and needs no extension.
    const distance = near
      ? "111.32 * sqrt(power(latitude - $1, 2) + power((longitude - $2) * cos(radians($1)), 2))"
      : "null::float8";
    const params: unknown[] = [query.lat ?? null, query.lng ?? null, query.limit, query.offset];
    const filters = words.map((word) => {
      params.push(`%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      const n = params.length;
      return `(name ilike $${n} or area ilike $${n} or city ilike $${n} or address ilike $${n} or code ilike $${n})`;
    });
    const rows = await db.query<LockerRow>(
      `select id, code, name, area, city, address, operational_hour, operational_hour_bahasa, latitude, longitude,
              maps_link, ${distance} as distance_km, count(*) over ()::int as total
         from boxes
        where listed and ($1::float8 is null or $2::float8 is null or latitude is not null)
          ${filters.map((filter) => `and ${filter}`).join(" ")}
        order by ${near ? "distance_km" : "name"}, id
        limit $3 offset $4`,
      params,
    );
    reply.header("cache-control", "public, max-age=300");
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map(({ total: _total, distance_km, ...row }) => ({
        ...row,
        distance_km: distance_km === null ? null : Math.round(distance_km * 100) / 100,
      })),
    };
  });

  mountCall(app, calls.boxLocationDetail, async ({ params }) => {
    const [box] = await db.query<{
      name: string;
      address: string;
      description: string;
      description_bahasa: string;
      operational_hour: string;
      operational_hour_bahasa: string;
      latitude: number | null;
      longitude: number | null;
      maps_link: string | null;
      photo: string | null;
    }>(
      `select name, address, description, description_bahasa, operational_hour, operational_hour_bahasa,
              latitude, longitude, maps_link, photo
         from boxes where id = $1`,
      [params.boxId],
    );
    if (!box) throw notFound("lockerNotFound", { id: params.boxId });
    return {
      locker_location: box.name,
      location_address: box.address,
      location_description: box.description,
      location_description_bahasa: box.description_bahasa,
      operational_hour: box.operational_hour,
      operational_hour_bahasa: box.operational_hour_bahasa,
      latitude: box.latitude,
      longitude: box.longitude,
      maps_link: box.maps_link,
      locker_photo: box.photo,
    };
  });

  mountCall(app, calls.lockerSizes, async ({ params }) => {
    const [box] = await db.query("select id from boxes where id = $1", [params.boxId]);
    if (!box) throw notFound("lockerNotFound", { id: params.boxId });
    return db.query<LockerSize>(
      `select t.name, t.height, t.depth, t.width, t.default_use_price as price, count(*)::int as available
         from mouths m
         join mouth_types t on t.name = m.mouth_type
        where m.box_id = $1 and m.enabled
          and not exists (select 1 from orders o where o.mouth_id = m.id and o.status in ('IMPORTED', 'IN_STORE'))
        group by t.name, t.height, t.depth, t.width, t.default_use_price, t.sort_order
        order by t.sort_order`,
      [params.boxId],
    );
  });
}

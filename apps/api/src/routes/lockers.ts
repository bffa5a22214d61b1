import { calls, type LockerSize } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { notFound } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";

export function lockerRoutes(app: FastifyInstance, db: Queryable): void {
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
    if (!box) throw notFound(`Locker ${params.boxId} was not found.`);
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
    if (!box) throw notFound(`Locker ${params.boxId} was not found.`);
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

import { hashToken } from "../../domain/tokens.ts";
import { type Database, type Queryable, withoutBounds } from "../database.ts";
import { schemaLockKey } from "../migrate.ts";
import { banners, paxelboxContent, services, shortLinks, userAppFeatures } from "./data/content.ts";
import { locations } from "./data/locations.ts";
import { mouthTypes } from "./data/sizes.ts";

/** Demo members of the user app; their tokens are what the app would pass in `?token=`. */
export const demoMembers = [
  {
    token: "demo-token-budi",
    email: "budi.santoso@example.id",
    first_name: "Budi",
    last_name: "Santoso",
    member_code: "PXM-000101",
    phone: "081234567801",
    language: "id",
  },
  {
    token: "demo-token-sari",
    email: "sari.wijaya@example.id",
    first_name: "Sari",
    last_name: "Wijaya",
    member_code: "PXM-000102",
    phone: "081234567802",
    language: "en",
  },
] as const;

/** The tokens of the demo members that `db` holds: a database started in demo mode once keeps them. */
export async function demoMembersIn(db: Queryable): Promise<string[]> {
  const hashes = new Map<string, string>(
    demoMembers.map((member) => [hashToken(member.token), member.token]),
  );
  const rows = await db.query<{ token_hash: string }>(
    "select token_hash from members where token_hash = any($1::text[]) order by id",
    [[...hashes.keys()]],
  );
  return rows.flatMap((row) => hashes.get(row.token_hash) ?? []);
}

export const whitePapers = [
  { name: "PaxelBox Partnership White Paper", url: "/api/v1/white-papers/paxelbox-partnership.pdf" },
];

/** Doors of a box, varied by its position in the list: every box has S to XL, some also food sizes or a Seli Box. */
export function doorPlan(index: number): { number: string; type: string }[] {
  const counts: [string, number][] = [
    ["S", 6 + (index % 4)],
    ["M", 5 + (index % 3)],
    ["L", 3 + (index % 2)],
    ["XL", 1 + (index % 2)],
  ];
  if (index % 5 === 0) counts.push(["S Food", 2], ["M Food", 2], ["L Food", 1], ["XL Food", 1]);
  if (index % 7 === 3) counts.push(["SELIBOX", 1]);
  const doors: { number: string; type: string }[] = [];
  for (const [type, count] of counts) {
    for (let i = 0; i < count; i++) doors.push({ number: String(doors.length + 1), type });
  }
  return doors;
}

export function mapsLink(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/**
 * Fills an empty database with the seed data (both languages). Safe to call on every start and from
 * several instances at once: it takes the schema lock and does nothing when boxes already exist.
 * The demo members, whose tokens are published, are seeded in demo mode only.
 */
export async function seedIfEmpty(
  db: Database,
  options: { demo: boolean } = { demo: true },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await withoutBounds(tx);
    await tx.query("select pg_advisory_xact_lock($1)", [schemaLockKey]);
    const [existing] = await tx.query<{ count: number }>("select count(*)::int as count from boxes");
    if (existing && existing.count > 0) return false;
    await seed(tx, options.demo);
    return true;
  });
}

async function seed(tx: Queryable, demo: boolean): Promise<void> {
  for (const [position, size] of mouthTypes.entries()) {
    await tx.query(
      `insert into mouth_types (name, label, height, depth, width, default_use_price, overdue_price_per_hour,
                                dropoff_overdue_price_per_day, sort_order)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        size.name,
        size.label,
        size.height,
        size.depth,
        size.width,
        size.defaultUsePrice,
        size.overduePricePerHour,
        size.dropoffOverduePricePerDay,
        position,
      ],
    );
  }

  const boxIds = await tx.query<{ id: number }>(
    `insert into boxes (code, name, area, city, address, description, description_bahasa, operational_hour,
                        operational_hour_bahasa, latitude, longitude, maps_link, photo)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::text[], $9::text[], $10::float8[], $11::float8[], $12::text[], $13::text[])
     returning id`,
    [
      locations.map((l) => l.code),
      locations.map((l) => l.name),
      locations.map((l) => l.area),
      locations.map((l) => l.city),
      locations.map((l) => l.address),
      locations.map((l) => l.description),
      locations.map((l) => l.descriptionBahasa),
      locations.map((l) => l.operationalHour),
      locations.map((l) => l.operationalHourBahasa),
      locations.map((l) => l.latitude),
      locations.map((l) => l.longitude),
      locations.map((l) => mapsLink(l.latitude, l.longitude)),
      locations.map((l) => `/api/v1/media/locker/${l.code}.svg`),
    ],
  );

  const doorBoxIds: number[] = [];
  const doorNumbers: string[] = [];
  const doorTypes: string[] = [];
  boxIds.forEach((box, index) => {
    for (const door of doorPlan(index)) {
      doorBoxIds.push(box.id);
      doorNumbers.push(door.number);
      doorTypes.push(door.type);
    }
  });
  await tx.query(
    "insert into mouths (box_id, number, mouth_type) select * from unnest($1::int[], $2::text[], $3::text[])",
    [doorBoxIds, doorNumbers, doorTypes],
  );

  for (const language of ["id", "en"] as const) {
    for (const [position, banner] of banners[language].entries()) {
      await tx.query("insert into banners (language, position, data) values ($1, $2, $3)", [
        language,
        position,
        JSON.stringify(banner),
      ]);
    }
    for (const [position, service] of services[language].entries()) {
      await tx.query("insert into services (language, position, slug, data) values ($1, $2, $3, $4)", [
        language,
        position,
        service.slug,
        JSON.stringify(service),
      ]);
    }
  }

  for (const [position, entry] of paxelboxContent.entries()) {
    await tx.query(
      "insert into settings (grp, name, value, position) values ('paxelbox_content', $1, $2, $3)",
      [entry.name, JSON.stringify(entry.setting_value), position],
    );
  }
  for (const [position, feature] of userAppFeatures.entries()) {
    await tx.query(
      "insert into settings (grp, name, value, position) values ('enabled_userapp_feature', $1, $2, $3)",
      [feature.name, JSON.stringify(feature.setting_value), position],
    );
  }

  for (const link of shortLinks) {
    await tx.query("insert into short_links (code, url) values ($1, $2)", [link.code, link.url]);
  }
  for (const [position, paper] of whitePapers.entries()) {
    await tx.query("insert into white_papers (name, url, position) values ($1, $2, $3)", [
      paper.name,
      paper.url,
      position,
    ]);
  }
  for (const member of demo ? demoMembers : []) {
    await tx.query(
      `insert into members (token_hash, email, first_name, last_name, member_code, phone, language)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        hashToken(member.token),
        member.email,
        member.first_name,
        member.last_name,
        member.member_code,
        member.phone,
        member.language,
      ],
    );
  }
}

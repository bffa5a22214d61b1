import type { DemoScenario, ScenarioId } from "@paxelbox/contract";
import type { Database, Queryable } from "../db/database.ts";
import { demoMembers } from "../db/seed/index.ts";
import { issueCode } from "../domain/access-codes.ts";
import { dayMs, hourMs } from "../domain/overdue.ts";
import { hashToken, randomCode, randomSecret } from "../domain/tokens.ts";
import { conflict, HttpError } from "../http/errors.ts";
import type { ScheduledOutbox } from "../notifications/schedule.ts";
import { findFreeMouth, insertOrder, type NewOrder } from "../repositories/orders.ts";

export const scenarioTitles: Record<ScenarioId, string> = {
  "rent-to-store": "Rent: waiting for the items to be stored",
  "rent-in-store": "Rent: items inside the locker",
  "rent-in-store-overdue": "Rent: past its deadline, overdue fee to pay",
  "rent-in-store-overdue-free": "Rent: past its deadline, no overdue fee",
  "rent-ended": "Rent: ended, items taken",
  "rent-cancelled": "Rent: cancelled before storing",
  "rent-ended-by-system": "Rent: ended by the system",
  "dropoff-in-store": "Drop-off: parcel ready for pick-up",
  "dropoff-overdue-need-to-pay": "Drop-off: overdue, fee to pay",
  "dropoff-overdue-taken": "Drop-off: overdue link, parcel already taken",
  "dropoff-overdue-expired": "Drop-off: overdue link expired",
  "package-form": "Drop-off package form at a locker with free doors",
  "package-form-no-doors": "Drop-off package form at a full locker",
  "guest-book-individu": "Guest book for an individual",
  "guest-book-business": "Guest book for a business",
  "short-link": "Short link that redirects",
  "short-link-missing": "Short link that does not exist",
  "landing-with-orderid": "Landing page opened from an overdue drop-off notice",
};

type DemoMember = (typeof demoMembers)[number];

/** Days a drop-off stays free after storing, and days its link lives (DROPOFF_FREE_DAYS, DROPOFF_LINK_DAYS). */
export interface DropoffPolicy {
  freeDays: number;
  linkDays: number;
}

export interface ScenarioContext {
  dropoff: DropoffPolicy;
  /** The site's configured origin (PUBLIC_BASE_URL, else where it listens), e.g. http://localhost:3000. */
  origin: string;
  /**
   * Rents belong to the demo member who speaks this language (id: Budi, en: Sari); with `en`, the
   * pages without a member (drop-off, package form, guest book, landing) get it as their `lang` link.
   */
  language?: "id" | "en";
  now?: number;
  /**
   * Where a parcel stored now sends its recipient's message, and where the messages already due of a
   * scenario's order are written (an overdue fee, an overdue rent); null: notifications are off.
   */
  outbox?: ScheduledOutbox | null;
}

const donations = [
  { qty: 1, name: { en: "Plant a tree", id: "Tanam pohon" }, sub_total: 2000, donation_amount: 2000 },
  {
    qty: 2,
    name: { en: "Meal for a courier", id: "Makan untuk kurir" },
    sub_total: 5000,
    donation_amount: 2500,
  },
];

function expressNumber(prefix: "PBR" | "PBD", now: number): string {
  const date = new Date(now).toISOString().slice(2, 10).replaceAll("-", "");
  return `${prefix}${date}${randomCode(6)}`;
}

async function memberId(db: Queryable, token: string): Promise<number> {
  const [row] = await db.query<{ id: number }>("select id from members where token_hash = $1", [
    hashToken(token),
  ]);
  if (!row) throw new HttpError(500, "demoNotSeeded");
  return row.id;
}

async function freeDoor(db: Queryable, size = "M") {
  const door = await findFreeMouth(db, size);
  if (!door) throw conflict("demoNoFreeDoor", { size });
  return door;
}

type RentShape =
  | "to-store"
  | "in-store"
  | "overdue"
  | "overdue-free"
  | "ended"
  | "cancelled"
  | "ended-by-system";

/**
 * A rent whose times agree: booked, stored 20 minutes later, and due `rentHours` after it was stored
 * (`overdueTime = storeTime + rentTime`); each shape sets where "now" falls on that line.
 */
async function createRent(db: Queryable, shape: RentShape, now: number, member: DemoMember): Promise<number> {
  const door = await freeDoor(db);
  const rentHours = 6;
  const minute = 60_000;
  /** Where the deadline falls for each shape (for to-store: the time left to store the items). */
  const deadlines: Record<RentShape, number> = {
    "to-store": now + 50 * minute,
    "in-store": now + 3 * hourMs,
    overdue: now - 2.5 * hourMs,
    "overdue-free": now - 1.5 * hourMs,
    ended: now - hourMs,
    cancelled: now - 45 * minute,
    "ended-by-system": now - hourMs,
  };
  const finalStatus: Record<RentShape, string> = {
    "to-store": "IMPORTED",
    "in-store": "IN_STORE",
    overdue: "IN_STORE",
    "overdue-free": "IN_STORE",
    ended: "CUSTOMER_TAKEN",
    cancelled: "CANCEL",
    "ended-by-system": "TAKEN_BY_SYSTEM",
  };
  const stored = shape === "to-store" || shape === "cancelled" ? null : deadlines[shape] - rentHours * hourMs;
  // A rent waits at most an hour to be stored: booked 10 minutes ago, or 20 minutes before storing.
  const created =
    shape === "to-store"
      ? now - 10 * minute
      : shape === "cancelled"
        ? deadlines.cancelled - hourMs
        : (stored as number) - 20 * minute;
  const logs: NewOrder["logs"] = [{ status: "IMPORTED", at: new Date(created) }];
  if (shape === "cancelled") logs.push({ status: "CANCEL", at: new Date(created + 15 * minute) });
  else if (stored !== null) logs.push({ status: "IN_STORE", at: new Date(stored) });
  if (shape === "ended") logs.push({ status: "CUSTOMER_TAKEN", at: new Date(now - 2 * hourMs) });
  if (shape === "ended-by-system") logs.push({ status: "TAKEN_BY_SYSTEM", at: new Date(now - 30 * minute) });

  const id = await insertOrder(db, {
    kind: "rent",
    status: finalStatus[shape],
    memberId: await memberId(db, member.token),
    mouthId: door.mouthId,
    expressNumber: expressNumber("PBR", now),
    recipientName: `${member.first_name} ${member.last_name}`,
    recipientPhone: member.phone,
    rentTime: rentHours,
    rentTimeUnit: "hour",
    payOfAmount: door.price,
    paymentMethod: "Virtual Account",
    paymentReference: `VA-${randomCode(10)}`,
    paidAt: new Date(created + 60_000),
    donations: shape === "cancelled" ? [] : donations,
    adminFee: 1000,
    overdueUnitPrice: shape === "overdue-free" ? 0 : 5000,
    createdAt: new Date(created),
    storeTime: stored === null ? null : new Date(stored),
    takeTime:
      shape === "ended"
        ? new Date(now - 2 * hourMs)
        : shape === "ended-by-system"
          ? new Date(now - 30 * 60_000)
          : null,
    deadline: new Date(deadlines[shape]),
    logs,
  });
  if (shape === "to-store")
    await issueCode(db, { purpose: "store", orderId: id, expiresAt: new Date(deadlines[shape]) });
  if (shape === "in-store" || shape === "overdue" || shape === "overdue-free") {
    await issueCode(db, { purpose: "take", orderId: id });
  }
  return id;
}

type DropoffShape = "in-store" | "need-to-pay" | "taken" | "expired";

/**
 * A drop-off whose times agree with the policy: free until `freeDays` after it was stored
 * (`overdueTime = storeTime + freeDays`), its link valid until `linkDays` after it.
 */
async function createDropoff(
  db: Queryable,
  shape: DropoffShape,
  now: number,
  policy: DropoffPolicy,
): Promise<{ id: number; token: string }> {
  const door = await freeDoor(db, "S");
  const token = randomSecret();
  /** When the parcel was stored, for each shape. */
  const storedAt: Record<DropoffShape, number> = {
    "in-store": now - 3 * hourMs,
    "need-to-pay": now - (policy.freeDays + 2) * dayMs - hourMs,
    taken: now - (policy.freeDays + 1) * dayMs,
    expired: now - (policy.linkDays + 1) * dayMs,
  };
  const stored = storedAt[shape];
  const deadline = stored + policy.freeDays * dayMs;
  const linkExpires = stored + policy.linkDays * dayMs;
  const logs: NewOrder["logs"] = [{ status: "IN_STORE", at: new Date(stored) }];
  if (shape === "taken") logs.push({ status: "CUSTOMER_TAKEN", at: new Date(now - 2 * hourMs) });
  const [size] = await db.query<{ price: number }>(
    "select dropoff_overdue_price_per_day as price from mouth_types where name = 'S'",
  );
  const id = await insertOrder(db, {
    kind: "dropoff",
    status: shape === "taken" ? "CUSTOMER_TAKEN" : "IN_STORE",
    mouthId: door.mouthId,
    expressNumber: expressNumber("PBD", now),
    senderName: "Toko Batik Sekar Arum",
    recipientName: "Rina Kartika",
    recipientPhone: "0811222233333",
    linkTokenHash: hashToken(token),
    overdueUnitPrice: size?.price ?? 5000,
    createdAt: new Date(stored - 10 * 60_000),
    storeTime: new Date(stored),
    takeTime: shape === "taken" ? new Date(now - 2 * hourMs) : null,
    deadline: new Date(deadline),
    linkExpiresAt: new Date(linkExpires),
    logs,
  });
  if (shape === "in-store") await issueCode(db, { purpose: "take", orderId: id });
  return { id, token };
}

async function fullBox(db: Queryable, now: number): Promise<{ id: number; name: string }> {
  const code = `PXB-DEMO-${randomCode(5)}`;
  const name = `Demo Locker ${code.slice(-5)} (all doors in use)`;
  const [box] = await db.query<{ id: number }>(
    `insert into boxes (code, name, area, city, address, description, description_bahasa, operational_hour,
                        operational_hour_bahasa, latitude, longitude, maps_link, photo, listed)
     values ($1, $2, 'Jakarta Selatan', 'Jakarta', 'Jl. Demo Raya No. 1, Jakarta Selatan 12950',
             'Demo locker whose doors are all in use.', 'Loker demo yang semua pintunya sedang terpakai.',
             'Every day, 06:00 – 22:00', 'Setiap hari, 06.00 – 22.00', -6.2251, 106.8318, null,
             '/api/v1/media/misc/no-content.svg', false)
     returning id`,
    [code, name],
  );
  const boxId = (box as { id: number }).id;
  await db.query(
    "insert into mouths (box_id, number, mouth_type, enabled) values ($1, '1', 'S', true), ($1, '2', 'M', true)",
    [boxId],
  );
  const mouths = await db.query<{ id: number }>("select id from mouths where box_id = $1", [boxId]);
  for (const mouth of mouths) {
    await insertOrder(db, {
      kind: "rent",
      status: "IN_STORE",
      mouthId: mouth.id,
      expressNumber: expressNumber("PBR", now),
      overdueUnitPrice: 5000,
      createdAt: new Date(now - hourMs),
      storeTime: new Date(now - hourMs),
      deadline: new Date(now + 5 * hourMs),
      logs: [{ status: "IN_STORE", at: new Date(now - hourMs) }],
    });
  }
  return { id: boxId, name };
}

/** Creates a fresh record for the scenario and returns the page (path and query) to open. */
export async function createScenario(
  db: Database,
  id: ScenarioId,
  context: ScenarioContext,
): Promise<DemoScenario> {
  const now = context.now ?? Date.now();
  const member =
    demoMembers.find((candidate) => candidate.language === (context.language ?? "id")) ?? demoMembers[0];
  // A scenario's order gets the time-driven messages due already (an overdue fee, an overdue rent, a
  // reminder), as the sweep would write them at `now`, so the demo outbox shows them at once.
  const rent = async (tx: Queryable, shape: RentShape) => {
    const orderId = await createRent(tx, shape, now, member);
    await context.outbox?.writeDue(tx, { orderId, now });
    return `/order-status?orderid=${orderId}&token=${member.token}`;
  };
  const dropoff = async (tx: Queryable, shape: DropoffShape) => {
    const order = await createDropoff(tx, shape, now, context.dropoff);
    await context.outbox?.writeDue(tx, { orderId: order.id, now });
    return order;
  };
  const url = await db.transaction(async (tx): Promise<string> => {
    switch (id) {
      case "rent-to-store":
        return rent(tx, "to-store");
      case "rent-in-store":
        return rent(tx, "in-store");
      case "rent-in-store-overdue":
        return rent(tx, "overdue");
      case "rent-in-store-overdue-free":
        return rent(tx, "overdue-free");
      case "rent-ended":
        return rent(tx, "ended");
      case "rent-cancelled":
        return rent(tx, "cancelled");
      case "rent-ended-by-system":
        return rent(tx, "ended-by-system");
      case "dropoff-in-store": {
        const order = await dropoff(tx, "in-store");
        // Stored just now: its recipient is told, as after the kiosk's store. The other drop-off
        // scenarios were stored days ago; their message belongs to that past.
        await context.outbox?.dropoffStored(tx, { orderId: order.id, token: order.token });
        return `/order?orderid=${order.id}&token=${order.token}`;
      }
      case "dropoff-overdue-need-to-pay": {
        const order = await dropoff(tx, "need-to-pay");
        return `/overduepayment?orderid=${order.id}&token=${order.token}`;
      }
      case "dropoff-overdue-taken": {
        const order = await dropoff(tx, "taken");
        return `/?orderid=${order.id}&token=${order.token}`;
      }
      case "dropoff-overdue-expired": {
        const order = await dropoff(tx, "expired");
        return `/overduepayment?orderid=${order.id}&token=${order.token}`;
      }
      case "landing-with-orderid": {
        const order = await dropoff(tx, "need-to-pay");
        return `/?orderid=${order.id}&token=${order.token}`;
      }
      case "package-form": {
        const door = await freeDoor(tx, "M");
        return `/package?boxId=${door.boxId}&name=${encodeURIComponent(door.boxName)}`;
      }
      case "package-form-no-doors": {
        const box = await fullBox(tx, now);
        return `/package?boxId=${box.id}&name=${encodeURIComponent(box.name)}`;
      }
      case "guest-book-individu":
        return "/guest-book?business_type=Individu";
      case "guest-book-business":
        return "/guest-book?business_type=Business";
      case "short-link": {
        const code = `demo${randomCode(6).toLowerCase()}`;
        await tx.query("insert into short_links (code, url) values ($1, $2)", [
          code,
          `${context.origin}/services`,
        ]);
        return `/o/${code}`;
      }
      case "short-link-missing":
        return `/o/missing${randomCode(6).toLowerCase()}`;
    }
  });
  return { id, title: scenarioTitles[id], url: withLanguageLink(url, context.language) };
}

/**
 * A page without a member takes its language from the browser (spec §1; Indonesian by default), so
 * the English demo adds the `lang` link the web app reads (and stores) for it. A rent page is in its
 * member's language already, and a short link is the address a customer was given: both stay as
 * they are, as does every link of the default (Indonesian) demo.
 */
function withLanguageLink(url: string, language: ScenarioContext["language"]): string {
  if (language !== "en" || url.startsWith("/order-status") || url.startsWith("/o/")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${language}`;
}

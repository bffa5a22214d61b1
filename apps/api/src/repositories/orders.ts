import type { Order, OverdueDropoffDetail } from "@paxelbox/contract";
import type { Queryable } from "../db/database.ts";
import { generateInvoiceNumber } from "../domain/invoice-number.ts";
import { dayMs, dropoffOverdueFee, dropoffOverdueStatus, type RentClock } from "../domain/overdue.ts";
import { notFound } from "../http/errors.ts";

/** An order row joined with its door, box and size. */
export interface OrderRecord {
  id: number;
  kind: "rent" | "dropoff";
  express_number: string;
  status: string;
  member_id: number | null;
  sender_name: string;
  recipient_name: string;
  recipient_phone: string;
  rent_time: number;
  rent_time_unit: string;
  pay_of_amount: number;
  payment_method: string | null;
  payment_reference: string | null;
  paid_at: Date | null;
  donations: { qty: number; name: { en: string; id: string }; sub_total: number; donation_amount: number }[];
  admin_fee: number;
  overdue_unit_price: number;
  expired_flag: boolean;
  created_at: Date;
  store_time: Date | null;
  take_time: Date | null;
  deadline: Date | null;
  link_expires_at: Date | null;
  mouth_id: number;
  mouth_number: string;
  mouth_type: string;
  default_use_price: number;
  box_id: number;
  box_name: string;
  box_address: string;
  box_description: string;
  box_description_bahasa: string;
  box_operational_hour: string;
  box_operational_hour_bahasa: string;
  box_photo: string | null;
  box_maps_link: string | null;
  box_latitude: number | null;
  box_longitude: number | null;
}

/** A rent's clock, as the overdue rules read it (`domain/overdue.ts`). */
export const rentClock = (order: OrderRecord): RentClock => ({
  deadline: order.deadline,
  expiredFlag: order.expired_flag,
  feePerHour: order.overdue_unit_price,
});

const orderSelect = `
  select o.id, o.kind, o.express_number, o.status, o.member_id, o.sender_name, o.recipient_name,
         o.recipient_phone, o.rent_time, o.rent_time_unit, o.pay_of_amount, o.payment_method,
         o.payment_reference, o.paid_at, o.donations, o.admin_fee, o.overdue_unit_price, o.expired_flag,
         o.created_at, o.store_time, o.take_time, o.deadline, o.link_expires_at,
         m.id as mouth_id, m.number as mouth_number, m.mouth_type, t.default_use_price,
         b.id as box_id, b.name as box_name, b.address as box_address, b.description as box_description,
         b.description_bahasa as box_description_bahasa, b.operational_hour as box_operational_hour,
         b.operational_hour_bahasa as box_operational_hour_bahasa, b.photo as box_photo,
         b.maps_link as box_maps_link, b.latitude as box_latitude, b.longitude as box_longitude
    from orders o
    join mouths m on m.id = o.mouth_id
    join mouth_types t on t.name = m.mouth_type
    join boxes b on b.id = m.box_id`;

/** The order with its history and current codes, in one statement (the rent screens poll it). */
const orderViewSelect = orderSelect.replace(
  "from orders o",
  `, (select coalesce(json_agg(json_build_object('status', l.status, 'at', extract(epoch from l.created_at) * 1000)
                               order by l.created_at, l.id), '[]'::json)
        from order_logs l where l.order_id = o.id) as history,
     (select c.code from access_codes c
       where c.order_id = o.id and c.purpose = 'store' and c.used_at is null
         and (c.expires_at is null or c.expires_at > now())
       order by c.created_at desc limit 1) as store_code,
     (select c.code from access_codes c
       where c.order_id = o.id and c.purpose in ('pickup', 'take') and c.used_at is null
         and (c.expires_at is null or c.expires_at > now())
       order by c.purpose = 'pickup' desc, c.created_at desc limit 1) as take_code,
     (select min(c.expires_at) from access_codes c
       where c.order_id = o.id and c.purpose in ('store', 'pickup', 'take') and c.used_at is null
         and c.expires_at > now()) as codes_change_at
    from orders o`,
);

export interface OrderViewRecord extends OrderRecord {
  history: { status: string; at: number }[];
  store_code: string | null;
  take_code: string | null;
  /** When the next of its shown codes expires (the view changes then without a write). */
  codes_change_at: Date | null;
}

export async function findOrderView(db: Queryable, id: number): Promise<OrderViewRecord | null> {
  const [row] = await db.query<OrderViewRecord>(`${orderViewSelect} where o.id = $1`, [id]);
  return row ?? null;
}

export async function findOrder(db: Queryable, id: number): Promise<OrderRecord | null> {
  const [row] = await db.query<OrderRecord>(`${orderSelect} where o.id = $1`, [id]);
  return row ?? null;
}

/** The order or a 404 with a clear message. */
export async function getOrder(db: Queryable, id: number): Promise<OrderRecord> {
  const order = await findOrder(db, id);
  if (!order) throw notFound("orderNotFound", { id });
  return order;
}

export async function findOrderByExpressNumber(
  db: Queryable,
  expressNumber: string,
): Promise<OrderRecord | null> {
  const [row] = await db.query<OrderRecord>(`${orderSelect} where o.express_number = $1`, [expressNumber]);
  return row ?? null;
}

const time = (value: Date | null) => (value ? value.getTime() : null);

/** The order as the contract describes it, with its history (oldest first) and current codes. */
export function toOrderView(order: OrderViewRecord, now = Date.now()): Order {
  const fee =
    order.kind === "dropoff"
      ? dropoffOverdueFee(
          {
            status: order.status,
            deadline: order.deadline,
            linkExpiresAt: order.link_expires_at,
            feePerDay: order.overdue_unit_price,
          },
          now,
        )
      : { days: 0, total: 0 };
  const totalDonation = order.donations.reduce((sum, donation) => sum + donation.sub_total, 0);
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    expressNumber: order.express_number,
    createTime: order.created_at.getTime(),
    overdueDatetime: order.deadline ? order.deadline.toISOString() : null,
    overdueTime: time(order.deadline),
    overdueDays: fee.days,
    overduePrice: order.overdue_unit_price,
    isExpired: order.expired_flag,
    rentTime: order.rent_time,
    rentTimeUnit: order.rent_time_unit,
    storeTime: time(order.store_time),
    takeTime: time(order.take_time),
    paymentMethod: order.payment_method,
    payOfAmount: order.pay_of_amount,
    payment_detail: order.payment_method
      ? {
          payment_method: order.payment_method,
          reference: order.payment_reference,
          paid_at: time(order.paid_at),
        }
      : null,
    donation: order.donations,
    total_donation: totalDonation,
    admin_fee: {
      amount: order.admin_fee,
      total_amount: order.pay_of_amount + totalDonation + order.admin_fee,
    },
    logs: order.history.map((log) => ({ status: log.status, createdAt: Math.round(log.at) })),
    recipientName: order.recipient_name,
    barcode: { qrcodeCustomerTake: order.take_code, qrcodeCustomerStore: order.store_code },
    mouth: {
      id: order.mouth_id,
      number: order.mouth_number,
      box: { id: order.box_id, name: order.box_name, address: order.box_address },
      mouthType: {
        name: order.mouth_type as Order["mouth"]["mouthType"]["name"],
        defaultUsePrice: order.default_use_price,
      },
    },
    lockerLocationDetail: {
      location: order.box_name,
      address: order.box_address,
      description: order.box_description,
      descriptionBahasa: order.box_description_bahasa,
      operationalHour: order.box_operational_hour,
      operationalHourBahasa: order.box_operational_hour_bahasa,
      photo: order.box_photo,
      mapsLink: order.box_maps_link,
      latitude: order.box_latitude,
      longitude: order.box_longitude,
    },
  };
}

/**
 * Until when `toOrderView` gives the same answer without any write to the order: the next expiry
 * of a code it shows, and for a drop-off past its deadline the start of the next overdue day.
 */
export function orderViewChangesAt(order: OrderViewRecord, now = Date.now()): number {
  let at = order.codes_change_at?.getTime() ?? Number.POSITIVE_INFINITY;
  // A drop-off's answer changes as its fee grows, day by day while its parcel is in the locker.
  if (order.kind === "dropoff" && order.deadline && order.status === "IN_STORE") {
    const { days } = dropoffOverdueFee(
      { status: order.status, deadline: order.deadline, linkExpiresAt: null, feePerDay: 0 },
      now,
    );
    at = Math.min(at, order.deadline.getTime() + days * dayMs + 1);
  }
  return at;
}

/** Overdue state of a drop-off; the full detail when `full`. */
export async function toOverdueDropoffView(
  db: Queryable,
  order: OrderRecord,
  full: boolean,
  now = Date.now(),
): Promise<OverdueDropoffDetail | Pick<OverdueDropoffDetail, "id" | "status" | "overdueStatus">> {
  const clock = {
    status: order.status,
    deadline: order.deadline,
    linkExpiresAt: order.link_expires_at,
    feePerDay: order.overdue_unit_price,
  };
  const summary = { id: order.id, status: order.status, overdueStatus: dropoffOverdueStatus(clock, now) };
  if (!full) return summary;
  const fee = dropoffOverdueFee(clock, now);
  const pending = summary.overdueStatus === "need_to_pay" ? await pendingDropoffPayment(db, order.id) : null;
  const [barcode] = await db.query<{ id: string }>(
    `select id from access_codes where order_id = $1 and purpose = 'pickup' and used_at is null
      and (expires_at is null or expires_at > now()) order by created_at desc limit 1`,
    [order.id],
  );
  return {
    ...summary,
    expressNumber: order.express_number,
    senderName: order.sender_name,
    recipientName: order.recipient_name,
    takeUserPhoneNumber: order.recipient_phone,
    createTime: order.created_at.getTime(),
    overdueTime: (order.deadline ?? order.created_at).getTime(),
    overdueDays: fee.days,
    overdueBasePrice: order.overdue_unit_price,
    overdueTotalPrice: fee.total,
    mouth: {
      number: order.mouth_number,
      mouthType: { name: order.mouth_type as OverdueDropoffDetail["mouth"]["mouthType"]["name"] },
      box: { id: order.box_id, name: order.box_name },
    },
    barcode: barcode ? { id: barcode.id } : null,
    invoiceNumber: pending?.invoiceNumber ?? null,
    receiverEmail: pending?.receiverEmail ?? null,
  };
}

/** What is kept for a drop-off's overdue fee until it is paid (see `pendingDropoffPayment`). */
export interface PendingDropoffPayment {
  invoiceNumber: string;
  /** The email the receiver gave before their last payment attempt, if any. */
  receiverEmail: string | null;
}

/**
 * The invoice number of the overdue fee a drop-off owes now, and the receiver's email given for it:
 * drawn once, on the first read of the fee (or taken from the first submit that carries one,
 * `invoice`), and kept while the fee runs from the same deadline. A paid fee moves the deadline, so
 * the next fee gets a new number and asks for the email again. Two first reads at once keep one
 * number: the second update finds the row already kept and changes nothing.
 */
export async function pendingDropoffPayment(
  db: Queryable,
  orderId: number,
  invoice: string = generateInvoiceNumber(),
): Promise<PendingDropoffPayment> {
  const [drawn] = await db.query<{ invoice_number: string }>(
    `update orders set invoice_number = $2, invoice_deadline = deadline, receiver_email = null,
            receiver_language = null, updated_at = now()
      where id = $1 and (invoice_number is null or invoice_deadline is distinct from deadline)
      returning invoice_number`,
    [orderId, invoice],
  );
  if (drawn) return { invoiceNumber: drawn.invoice_number, receiverEmail: null };
  const [kept] = await db.query<{ invoice_number: string; receiver_email: string | null }>(
    "select invoice_number, receiver_email from orders where id = $1",
    [orderId],
  );
  if (!kept) throw notFound("dropoffNotFound", { id: orderId });
  return { invoiceNumber: kept.invoice_number, receiverEmail: kept.receiver_email };
}

export interface NewOrder {
  kind: "rent" | "dropoff";
  status: string;
  memberId?: number | null;
  mouthId: number;
  expressNumber: string;
  senderName?: string;
  recipientName?: string;
  recipientPhone?: string;
  linkTokenHash?: string | null;
  rentTime?: number;
  rentTimeUnit?: string;
  payOfAmount?: number;
  paymentMethod?: string | null;
  paymentReference?: string | null;
  paidAt?: Date | null;
  donations?: OrderRecord["donations"];
  adminFee?: number;
  overdueUnitPrice: number;
  expiredFlag?: boolean;
  createdAt: Date;
  storeTime?: Date | null;
  takeTime?: Date | null;
  deadline?: Date | null;
  linkExpiresAt?: Date | null;
  /** Status history, oldest first. */
  logs: { status: string; at: Date }[];
}

/** Inserts an order with its history; returns its id. */
export async function insertOrder(db: Queryable, order: NewOrder): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into orders (kind, status, member_id, mouth_id, express_number, sender_name, recipient_name,
                         recipient_phone, link_token_hash, rent_time, rent_time_unit, pay_of_amount, payment_method,
                         payment_reference, paid_at, donations, admin_fee, overdue_unit_price, expired_flag, created_at,
                         store_time, take_time, deadline, link_expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
     returning id`,
    [
      order.kind,
      order.status,
      order.memberId ?? null,
      order.mouthId,
      order.expressNumber,
      order.senderName ?? "",
      order.recipientName ?? "",
      order.recipientPhone ?? "",
      order.linkTokenHash ?? null,
      order.rentTime ?? 0,
      order.rentTimeUnit ?? "hour",
      order.payOfAmount ?? 0,
      order.paymentMethod ?? null,
      order.paymentReference ?? null,
      order.paidAt ?? null,
      JSON.stringify(order.donations ?? []),
      order.adminFee ?? 0,
      order.overdueUnitPrice,
      order.expiredFlag ?? false,
      order.createdAt,
      order.storeTime ?? null,
      order.takeTime ?? null,
      order.deadline ?? null,
      order.linkExpiresAt ?? null,
    ],
  );
  const id = (row as { id: number }).id;
  for (const log of order.logs) {
    await db.query("insert into order_logs (order_id, status, created_at) values ($1, $2, $3)", [
      id,
      log.status,
      log.at,
    ]);
  }
  return id;
}

/**
 * A free, enabled door of the given size, in a box chosen at random among those that have one. The
 * door stays locked for the caller's transaction: another looking at once passes over it.
 */
export async function findFreeMouth(
  db: Queryable,
  mouthType: string,
  boxId?: number,
): Promise<{ mouthId: number; boxId: number; boxName: string; price: number } | null> {
  const [row] = await db.query<{ mouth_id: number; box_id: number; box_name: string; price: number }>(
    `select m.id as mouth_id, b.id as box_id, b.name as box_name, t.default_use_price as price
       from mouths m
       join boxes b on b.id = m.box_id
       join mouth_types t on t.name = m.mouth_type
      where m.mouth_type = $1 and m.enabled and ($2::int is null or b.id = $2)
        and not exists (select 1 from orders o where o.mouth_id = m.id and o.status in ('IMPORTED', 'IN_STORE'))
      order by random()
      limit 1
      for update of m skip locked`,
    [mouthType, boxId ?? null],
  );
  return row ? { mouthId: row.mouth_id, boxId: row.box_id, boxName: row.box_name, price: row.price } : null;
}

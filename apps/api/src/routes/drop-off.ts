import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import type { Database, Queryable } from "../db/database.ts";
import { issueCode } from "../domain/access-codes.ts";
import { dropoffOverdueFee, dropoffOverdueStatus } from "../domain/overdue.ts";
import { decodePhoto } from "../domain/photo.ts";
import { clientAddress } from "../domain/rate-limit.ts";
import { conflict, notFound } from "../http/errors.ts";
import { idempotent, type RecordAnswer } from "../http/idempotency.ts";
import { mountCall, type RouteContext } from "../http/route.ts";
import { assertOrderAccess } from "../plugins/auth.ts";
import { requestLanguage } from "../plugins/error-handler.ts";
import {
  findOrder,
  type OrderRecord,
  pendingDropoffPayment,
  toOverdueDropoffView,
} from "../repositories/orders.ts";

/**
 * Parcels registered per client address: many couriers, not a script. Generous: many phones share
 * one address behind a carrier's NAT, and a courier never holds anything the limit could key on.
 */
export const packageSendLimit = { name: "package-send", max: 120, windowSeconds: 10 * 60 };
/**
 * Parcels registered per locker: its couriers at its doors, not a script filling its list. A locker
 * takes a parcel a door at a time, whatever address its couriers come from.
 */
export const lockerSendLimit = { name: "package-send-locker", max: 40, windowSeconds: 10 * 60 };

type PackageBody = RouteContext<typeof calls.sendPackageData>["body"];

/** Hours a drop-off store QR stays valid before the sender must fill the form again. */
const storeCodeHours = 24;

/** QR images as the spec asks: error correction H, 300 px, with a quiet zone. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: "H", width: 300, margin: 4, type: "png" });
}

async function getDropoff(db: Database, id: number): Promise<OrderRecord> {
  const order = await findOrder(db, id);
  if (order?.kind !== "dropoff") throw notFound("dropoffNotFound", { id });
  return order;
}

export function dropOffRoutes(app: FastifyInstance, db: Database): void {
  mountCall(app, calls.overdueDropoffDetail, async ({ params, principal, reply }) => {
    const order = await getDropoff(db, params.orderid);
    let full = false;
    if (principal) {
      assertOrderAccess(principal, { id: order.id, memberId: order.member_id }, () =>
        notFound("dropoffNotFound", { id: order.id }),
      );
      full = true;
    }
    reply.header("cache-control", "private, no-cache");
    return toOverdueDropoffView(db, order, full);
  });

  mountCall(app, calls.overdueDropoffSubmit, async ({ params, body, principal, request }) => {
    const order = await getDropoff(db, params.orderid);
    assertOrderAccess(principal, { id: order.id, memberId: order.member_id }, () =>
      notFound("dropoffNotFound", { id: order.id }),
    );
    const clock = {
      status: order.status,
      deadline: order.deadline,
      linkExpiresAt: order.link_expires_at,
      feePerDay: order.overdue_unit_price,
    };
    const now = Date.now();
    if (dropoffOverdueStatus(clock, now) !== "need_to_pay") {
      throw conflict("dropoffNothingToPay");
    }
    // The page echoes amounts for the record; the server's own figures are what will be charged.
    const fee = dropoffOverdueFee(clock, now);
    // One invoice number per fee: the one the page showed (read with the fee), never another.
    const pending = await pendingDropoffPayment(db, order.id, body.invoice_number);
    if (pending.invoiceNumber !== body.invoice_number) throw conflict("dropoffInvoiceChanged");
    // The page's language is the receipt's (docs/notifications.md): its Accept-Language, or the member's.
    await db.query(
      "update orders set receiver_email = $2, receiver_language = $3, updated_at = now() where id = $1",
      [order.id, body.email, requestLanguage(request)],
    );
    request.log.info({ orderId: order.id, overdueTotal: fee.total }, "overdue drop-off submitted");
    return { code: 200 };
  });

  mountCall(app, calls.sendPackageData, async ({ body, request, reply }) => {
    // A repeat of one send (a double tap, a refreshed page posting its form again) carries the
    // form's Idempotency-Key: it gets the first send's QR, and no second parcel is registered.
    // Keys are random (128 bits) and held only by the page that sent them: scoped to the call.
    // Only a send that registers counts against the limits: a repeat, answered with the first
    // send's QR or told the first is still running (the web server asks again while it runs),
    // spends neither the address's sends nor its locker's, and is answered when they are spent.
    // A refused send (a photo that is none, a locker without that door) counts for its address
    // only: anybody's refused sends never close a locker to its couriers.
    const code = await idempotent<string>(db, request, calls.sendPackageData.id, body, async (record) => {
      await app.rateLimiter.hit(packageSendLimit, clientAddress(request));
      const photo = await decodePhoto(body.photo);
      await assertDoorFree(db, body);
      await app.rateLimiter.hit(lockerSendLimit, `box:${body.box.id}`);
      return registerPackage(body, photo, record);
    });
    const png = await qrPng(code);
    return reply.header("content-type", "image/png").header("cache-control", "no-store").send(png);
  });

  /**
   * Registers one parcel and issues its store code; the code's text is what the QR shows, recorded
   * as the send's answer in the same transaction.
   */
  async function registerPackage(
    body: PackageBody,
    photo: Awaited<ReturnType<typeof decodePhoto>>,
    record: RecordAnswer<string>,
  ): Promise<string> {
    const code = await db.transaction(async (tx) => {
      // Again in the transaction: a door taken since the first look is not given twice.
      await assertDoorFree(tx, body);
      const [saved] = await tx.query<{ id: number }>(
        `insert into dropoff_packages
           (box_id, mouth_type, sender_name, recipient_name, recipient_phone, take_user_language, photo, photo_type)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [
          body.box.id,
          body.mouth.mouthType.name,
          body.senderName,
          body.recipientName,
          body.takeUserPhoneNumber,
          body.takeUserLanguage,
          photo.bytes,
          photo.type,
        ],
      );
      const issued = await issueCode(tx, {
        purpose: "dropoff-store",
        packageId: saved?.id ?? null,
        expiresAt: new Date(Date.now() + storeCodeHours * 3_600_000),
      });
      await record(tx, issued.code);
      return issued.code;
    });
    return code;
  }

  /** Refuses a send to a locker that does not exist (404) or has no free door of its size (409). */
  async function assertDoorFree(q: Queryable, body: PackageBody): Promise<void> {
    const [box] = await q.query<{ id: number }>("select id from boxes where id = $1", [body.box.id]);
    if (!box) throw notFound("lockerNotFound", { id: body.box.id });
    const [free] = await q.query<{ count: number }>(
      `select count(*)::int as count from mouths m
        where m.box_id = $1 and m.mouth_type = $2 and m.enabled
          and not exists (select 1 from orders o where o.mouth_id = m.id and o.status in ('IMPORTED', 'IN_STORE'))`,
      [body.box.id, body.mouth.mouthType.name],
    );
    if (!free || free.count === 0) throw conflict("noLockerAvailable");
  }

  mountCall(app, calls.barcodeImage, async ({ params, reply }) => {
    const [barcode] = await db.query<{ code: string }>(
      "select code from access_codes where id = $1 and purpose in ('pickup', 'take')",
      [params.barcodeId],
    );
    if (!barcode) throw notFound("barcodeNotFound");
    const png = await qrPng(barcode.code);
    return reply.header("content-type", "image/png").header("cache-control", "no-store").send(png);
  });
}

import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { kioskScanLimit } from "../../src/kiosk/routes.ts";
import { budi, call, failure, ok, packageBody, scenario, useApp } from "../helpers.ts";

const app = useApp();

async function rent(id: string) {
  const orderid = Number((await scenario(app(), id)).get("orderid"));
  const order = ok(
    calls.orderDetail,
    await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
  );
  return { orderid, order };
}

/** A scan at the locker, whose screen here reads English. */
const scan = (code: string, boxId?: number) =>
  call(app(), calls.kioskScan, {
    body: boxId === undefined ? { code } : { code, boxId },
    headers: { "accept-language": "en" },
  });

describe("kiosk: rent", () => {
  it("the store QR opens the door once and the rent becomes IN_STORE", async () => {
    const { orderid, order } = await rent("rent-to-store");
    const code = order.barcode.qrcodeCustomerStore!;
    failure(await scan(code, order.mouth.box.id + 1), 409);
    const result = ok(calls.kioskScan, await scan(code, order.mouth.box.id));
    expect(result).toMatchObject({
      action: "store",
      orderId: orderid,
      orderStatus: "IN_STORE",
      doorNumber: order.mouth.number,
    });
    const stored = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    expect(stored.status).toBe("IN_STORE");
    expect(stored.barcode.qrcodeCustomerTake).toMatch(/^PXB-T-/);
    // The rent runs from the moment it was stored: its end is its duration later, no longer the
    // store-by deadline of the booking.
    expect(stored.rentTimeUnit).toBe("hour");
    expect(stored.storeTime).not.toBeNull();
    expect(stored.overdueTime).toBe((stored.storeTime as number) + stored.rentTime * 3_600_000);
    expect(stored.overdueTime).toBeGreaterThan(order.overdueTime as number);
    expect(failure(await scan(code), 409)).toMatch(/already been used/);
  });

  it("a temporary QR opens the door, counts the opening, and works once", async () => {
    const { orderid, order } = await rent("rent-in-store");
    const qr = ok(
      calls.temporaryQr,
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: budi }),
    );
    const first = ok(calls.kioskScan, await scan(qr.temporaryQrcode));
    expect(first).toMatchObject({ action: "open", orderStatus: "IN_STORE", openCount: 1 });
    failure(await scan(qr.temporaryQrcode), 409);
    const second = ok(
      calls.temporaryQr,
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: budi }),
    );
    expect(ok(calls.kioskScan, await scan(second.temporaryQrcode)).openCount).toBe(2);
    const [row] = await app().db.query<{ open_count: number }>(
      "select open_count from orders where id = $1",
      [orderid],
    );
    expect(row?.open_count).toBe(2);
  });

  it("an expired temporary QR is refused with 410", async () => {
    const { orderid, order } = await rent("rent-in-store");
    const qr = ok(
      calls.temporaryQr,
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: budi }),
    );
    ok(
      calls.advanceOrder,
      await call(app(), calls.advanceOrder, { params: { id: orderid }, body: { minutes: 10 } }),
    );
    expect(failure(await scan(qr.temporaryQrcode), 410)).toMatch(/expired/);
  });

  it("a temporary QR asked for before the rent ran out does not open the door after it", async () => {
    const { orderid, order } = await rent("rent-in-store");
    const qr = ok(
      calls.temporaryQr,
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: budi }),
    );
    // The rent ends while the code (valid for minutes) is on its way to the locker.
    await app().db.query("update orders set deadline = now() - interval '1 minute' where id = $1", [orderid]);
    expect(failure(await scan(qr.temporaryQrcode), 409)).toMatch(/rent time is over/);
    const [row] = await app().db.query<{ open_count: number; status: string }>(
      "select open_count, status from orders where id = $1",
      [orderid],
    );
    expect(row).toEqual({ open_count: 0, status: "IN_STORE" });
  });

  it("the stop QR ends the rent; while a fee is due it is refused", async () => {
    const inStore = await rent("rent-in-store");
    expect(ok(calls.kioskScan, await scan(inStore.order.barcode.qrcodeCustomerTake!))).toMatchObject({
      action: "stop",
      orderStatus: "CUSTOMER_TAKEN",
    });
    const overdue = await rent("rent-in-store-overdue");
    expect(failure(await scan(overdue.order.barcode.qrcodeCustomerTake!), 409)).toMatch(/overdue/);
  });

  it("the overdue QR of a fee-0 rent ends it", async () => {
    const { orderid } = await rent("rent-in-store-overdue-free");
    const qr = ok(
      calls.overdueQr,
      await call(app(), calls.overdueQr, { body: { id: orderid, status: "IN_STORE" }, token: budi }),
    );
    expect(ok(calls.kioskScan, await scan(qr.qrcode)).orderStatus).toBe("CUSTOMER_TAKEN");
  });

  it("a stop QR asked for before the rent ran out does not end it for free after it", async () => {
    const { orderid } = await rent("rent-in-store");
    const qr = ok(
      calls.overdueQr,
      await call(app(), calls.overdueQr, { body: { id: orderid, status: "IN_STORE" }, token: budi }),
    );
    // The rent ends while the stop code (valid for 15 minutes) is on its way to the locker.
    await app().db.query("update orders set deadline = now() - interval '1 minute' where id = $1", [orderid]);
    expect(failure(await scan(qr.qrcode), 409)).toMatch(/pay the overdue fee in the app/);
    const [row] = await app().db.query<{ status: string }>("select status from orders where id = $1", [
      orderid,
    ]);
    expect(row?.status).toBe("IN_STORE");
  });

  it("advance makes a rent overdue", async () => {
    const { orderid } = await rent("rent-in-store");
    ok(
      calls.advanceOrder,
      await call(app(), calls.advanceOrder, { params: { id: orderid }, body: { minutes: 4 * 60 } }),
    );
    const calc = ok(
      calls.overdueCalculation,
      await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi }),
    );
    expect(calc.total_overdue_fee).toBeGreaterThan(0);
    failure(await call(app(), calls.advanceOrder, { params: { id: 999999 }, body: { minutes: 1 } }), 404);
    failure(await call(app(), calls.advanceOrder, { params: { id: orderid }, body: { minutes: 0 } }), 400);
  });
});

describe("kiosk: drop-off", () => {
  it("the package-form QR stores the parcel and creates the recipient's link; pick-up works once", async () => {
    const params = await scenario(app(), "package-form");
    const boxId = Number(params.get("boxId"));
    const sent = await call(app(), calls.sendPackageData, {
      body: packageBody(boxId, {
        takeUserPhoneNumber: "081122223333",
        recipientName: "Dewi",
        senderName: "Kurir",
      }),
    });
    expect(sent.statusCode).toBe(200);
    const [code] = await app().db.query<{ code: string }>(
      "select code from access_codes where purpose = 'dropoff-store' order by created_at desc limit 1",
    );
    const stored = ok(calls.kioskScan, await scan(code!.code, boxId));
    expect(stored).toMatchObject({ action: "dropoff-store", boxId, orderStatus: "IN_STORE" });
    expect(stored.recipientLink).toMatch(/^\/order\?orderid=\d+&token=/);
    failure(await scan(code!.code), 409);

    const link = new URL(stored.recipientLink!, "http://x");
    const token = link.searchParams.get("token")!;
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid: stored.orderId }, token }),
    );
    expect(order.recipientName).toBe("Dewi");
    // Free for the configured days (DROPOFF_FREE_DAYS, default 2) after it was stored.
    expect((order.overdueTime ?? 0) - (order.storeTime ?? 0)).toBe(2 * 24 * 3_600_000);
    expect(ok(calls.kioskScan, await scan(order.barcode.qrcodeCustomerTake!)).action).toBe("pickup");
    failure(await scan(order.barcode.qrcodeCustomerTake!), 409);
  });

  /** A stored parcel, its pick-up code, and a way to move its clock on and read its overdue state. */
  async function storedParcel() {
    const params = await scenario(app(), "dropoff-in-store");
    const orderid = Number(params.get("orderid"));
    const token = params.get("token")!;
    const order = ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
    const daysLater = async (days: number) => {
      ok(
        calls.advanceOrder,
        await call(app(), calls.advanceOrder, { params: { id: orderid }, body: { minutes: days * 24 * 60 } }),
      );
      return ok(
        calls.overdueDropoffDetail,
        await call(app(), calls.overdueDropoffDetail, { params: { orderid } }),
      ).overdueStatus;
    };
    return { orderid, takeCode: order.barcode.qrcodeCustomerTake!, daysLater };
  }

  it("an overdue parcel is refused until paid, and after its limit the link has expired", async () => {
    const { takeCode, daysLater } = await storedParcel();
    expect(await daysLater(3)).toBe("need_to_pay");
    expect(failure(await scan(takeCode), 409)).toMatch(/overdue/);
    expect(await daysLater(7)).toBe("expired");
  });

  it("a parcel whose size has no overdue fee is picked up past its free days, never held for Rp 0", async () => {
    const { orderid, takeCode, daysLater } = await storedParcel();
    await app().db.query("update orders set overdue_unit_price = 0 where id = $1", [orderid]);
    expect(await daysLater(3)).toBe("none");
    expect(ok(calls.kioskScan, await scan(takeCode)).action).toBe("pickup");
  });

  it("an unknown code is 404 and an empty one 400", async () => {
    failure(await scan("PXB-T-NOTAREALCODE0000"), 404);
    failure(await call(app(), calls.kioskScan, { body: { code: " " } }), 400);
  });
});

// PGlite runs one statement at a time: scans at the same moment need a PostgreSQL server.
describe.runIf(Boolean(process.env.DATABASE_URL))("kiosk: scans at the same moment", () => {
  /** A sent parcel's store code (the QR's text), as the sender's page shows it. */
  async function sendParcel(boxId: number, size: string): Promise<string> {
    const sent = await call(app(), calls.sendPackageData, {
      body: packageBody(boxId, { mouth: { mouthType: { name: size } } }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await app().db.query<{ code: string }>(
      `select code from access_codes where purpose = 'dropoff-store'
          and package_id = (select max(id) from dropoff_packages)`,
    );
    return row?.code ?? "";
  }

  it("two parcels stored at once for the last free door: one gets it, the other is refused", async () => {
    const boxId = Number((await scenario(app(), "package-form")).get("boxId"));
    for (let round = 0; round < 6; round++) {
      // One free L door left at the box (the others disabled).
      const [door] = await app().db.query<{ id: number }>(
        `select m.id from mouths m where m.box_id = $1 and m.mouth_type = 'L'
            and not exists (select 1 from orders o where o.mouth_id = m.id and o.status in ('IMPORTED', 'IN_STORE'))
          limit 1`,
        [boxId],
      );
      if (!door) throw new Error("no free L door left");
      await app().db.query("update mouths set enabled = (id = $2) where box_id = $1 and mouth_type = 'L'", [
        boxId,
        door.id,
      ]);
      const codes = [await sendParcel(boxId, "L"), await sendParcel(boxId, "L")];
      const answers = await Promise.all(codes.map((code) => scan(code, boxId)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const [behind] = await app().db.query<{ n: number }>(
        "select count(*)::int as n from orders where mouth_id = $1 and status in ('IMPORTED', 'IN_STORE')",
        [door.id],
      );
      expect(behind?.n).toBe(1);
      // The stored parcel is taken out: the door is free for the next round.
      await app().db.query(
        "update orders set status = 'CUSTOMER_TAKEN' where mouth_id = $1 and status = 'IN_STORE'",
        [door.id],
      );
      await app().db.query("update mouths set enabled = true where box_id = $1", [boxId]);
    }
  });

  it("a rent cancelled while its store code is scanned: one of the two wins, the other is refused", async () => {
    for (let round = 0; round < 6; round++) {
      const { orderid, order } = await rent("rent-to-store");
      const [scanned, cancelled] = await Promise.all([
        scan(order.barcode.qrcodeCustomerStore as string),
        call(app(), calls.cancelRent, { body: { id: orderid }, token: budi }),
      ]);
      const statuses = [scanned.statusCode, cancelled.statusCode];
      expect(
        statuses.filter((status) => status === 200),
        `${scanned.body} ${cancelled.body}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 409),
        `${scanned.body} ${cancelled.body}`,
      ).toHaveLength(1);
    }
  });
});

describe("kiosk page", () => {
  it("shows a form and the locker's answer", async () => {
    const page = await app().inject("/demo/kiosk");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Locker kiosk simulator");
    const refused = await app().inject({
      method: "POST",
      url: "/demo/kiosk",
      payload: "code=PXB-T-NOPE",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain("The locker refused this code");
  });

  it("holds its scans to the scan API's limit per address", async () => {
    const post = () =>
      app().inject({
        method: "POST",
        url: "/demo/kiosk",
        payload: "code=PXB-T-GUESS",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        remoteAddress: "10.8.7.1",
      });
    for (let i = 0; i < kioskScanLimit.max; i++) expect((await post()).statusCode).toBe(404);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain("Locker kiosk simulator");
  });
});

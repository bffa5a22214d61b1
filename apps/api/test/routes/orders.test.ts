import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { budi, call, failure, ok, sari, scenario, useApp } from "../helpers.ts";

const app = useApp();

async function rent(id: string) {
  const params = await scenario(app(), id);
  return Number(params.get("orderid"));
}

describe("order detail", () => {
  it("gives the owner the whole order", async () => {
    const orderid = await rent("rent-in-store");
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    expect(order).toMatchObject({ id: orderid, kind: "rent", status: "IN_STORE", overduePrice: 5000 });
    expect(order.barcode.qrcodeCustomerTake).toMatch(/^PXB-T-/);
    expect(order.logs.map((log) => log.status)).toEqual(["IMPORTED", "IN_STORE"]);
    expect(order.lockerLocationDetail.photo).toMatch(/^\/api\/v1\/media\/locker\//);
    expect(order.admin_fee.total_amount).toBe(
      order.payOfAmount + order.total_donation + order.admin_fee.amount,
    );
  });

  it("shows the store QR while waiting to store", async () => {
    const orderid = await rent("rent-to-store");
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    expect(order.status).toBe("IMPORTED");
    expect(order.barcode.qrcodeCustomerStore).toMatch(/^PXB-S-/);
  });

  it("refuses without a token (401), with a wrong one (401); another member's order reads as unknown (404)", async () => {
    const orderid = await rent("rent-in-store");
    failure(await call(app(), calls.orderDetail, { params: { orderid } }), 401);
    failure(await call(app(), calls.orderDetail, { params: { orderid }, token: "forged" }), 401);
    expect(failure(await call(app(), calls.orderDetail, { params: { orderid }, token: sari }), 404)).toMatch(
      /was not found/,
    );
    failure(await call(app(), calls.orderDetail, { params: { orderid: 999999 }, token: budi }), 404);
    expect(
      failure(await call(app(), calls.orderDetail, { params: { orderid: "abc" }, token: budi }), 400),
    ).toMatch(/orderid/);
  });

  it("lets a drop-off link open its own order only", async () => {
    const dropoff = await scenario(app(), "dropoff-in-store");
    const token = dropoff.get("token")!;
    const orderid = Number(dropoff.get("orderid"));
    const order = ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
    expect(order.kind).toBe("dropoff");
    const rentId = await rent("rent-in-store");
    failure(await call(app(), calls.orderDetail, { params: { orderid: rentId }, token }), 404);
  });

  it("charges nothing on a drop-off whose parcel was taken after its deadline", async () => {
    const taken = await scenario(app(), "dropoff-overdue-taken");
    const token = taken.get("token")!;
    const orderid = Number(taken.get("orderid"));
    const order = ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
    expect(order.status).toBe("CUSTOMER_TAKEN");
    expect(order.overdueTime).toBeLessThan(Date.now() - 86_400_000);
    // The fee's rate stays (overduePrice, per day); no day is counted any more.
    expect(order.overdueDays).toBe(0);
    const detail = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
    );
    expect(detail).toMatchObject({ overdueStatus: "none", overdueDays: 0, overdueTotalPrice: 0 });
  });
});

describe("overdue calculation", () => {
  it("charges elapsed whole hours plus one", async () => {
    const orderid = await rent("rent-in-store-overdue");
    const result = ok(
      calls.overdueCalculation,
      await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi }),
    );
    expect(result.increase_duration).toBe(3);
    expect(result.total_overdue_fee).toBe(15000);
    expect(result.overdue_fee_per_unit).toBe(5000);
  });

  it("is zero for the free scenario and before the deadline", async () => {
    const free = await rent("rent-in-store-overdue-free");
    const freeResult = ok(
      calls.overdueCalculation,
      await call(app(), calls.overdueCalculation, { params: { orderid: free }, token: budi }),
    );
    expect(freeResult.total_overdue_fee).toBe(0);
    expect(freeResult.increase_duration).toBeGreaterThan(0);
    const inTime = await rent("rent-in-store");
    const inTimeResult = ok(
      calls.overdueCalculation,
      await call(app(), calls.overdueCalculation, { params: { orderid: inTime }, token: budi }),
    );
    expect(inTimeResult.increase_duration).toBe(0);
  });

  it("checks auth and ids", async () => {
    const orderid = await rent("rent-in-store-overdue");
    failure(await call(app(), calls.overdueCalculation, { params: { orderid } }), 401);
    failure(await call(app(), calls.overdueCalculation, { params: { orderid }, token: sari }), 404);
    failure(await call(app(), calls.overdueCalculation, { params: { orderid: 999999 }, token: budi }), 404);
    failure(await call(app(), calls.overdueCalculation, { params: { orderid: -1 }, token: budi }), 400);
  });
});

describe("temporary QR", () => {
  it("issues a fresh open code for a rent in store", async () => {
    const orderid = await rent("rent-in-store");
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    const body = { expressNumber: order.expressNumber };
    const first = ok(calls.temporaryQr, await call(app(), calls.temporaryQr, { body, token: budi }));
    const second = ok(calls.temporaryQr, await call(app(), calls.temporaryQr, { body, token: budi }));
    expect(first.temporaryQrcode).toMatch(/^PXB-O-/);
    expect(second.temporaryQrcode).not.toBe(first.temporaryQrcode);
    expect(first.expiresAt).toBeGreaterThan(Date.now());
  });

  it("refuses while waiting to store (409), another member or unknown (404), bad body (400)", async () => {
    const waiting = await rent("rent-to-store");
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid: waiting }, token: budi }),
    );
    failure(
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: budi }),
      409,
    );
    failure(
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: sari }),
      404,
    );
    failure(
      await call(app(), calls.temporaryQr, { body: { expressNumber: "PBR000000NOPE" }, token: budi }),
      404,
    );
    failure(await call(app(), calls.temporaryQr, { body: { expressNumber: "x" } }), 401);
    expect(failure(await call(app(), calls.temporaryQr, { body: {}, token: budi }), 400)).toMatch(
      /expressNumber/,
    );
  });
});

describe("overdue QR", () => {
  it("gives a QR in message and data when the fee is zero, with its end (15 minutes)", async () => {
    const orderid = await rent("rent-in-store-overdue-free");
    const before = Date.now();
    const response = await call(app(), calls.overdueQr, {
      body: { id: orderid, status: "IN_STORE" },
      token: budi,
    });
    const data = ok(calls.overdueQr, response);
    expect(data.qrcode).toMatch(/^PXB-X-/);
    expect(response.json().message).toBe(data.qrcode);
    expect(data.expiresAt).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(data.expiresAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it("refuses while a fee is due (409) and checks auth", async () => {
    const orderid = await rent("rent-in-store-overdue");
    expect(
      failure(
        await call(app(), calls.overdueQr, { body: { id: orderid, status: "IN_STORE" }, token: budi }),
        409,
      ),
    ).toMatch(/bayar/);
    failure(await call(app(), calls.overdueQr, { body: { id: orderid, status: "IN_STORE" } }), 401);
    failure(
      await call(app(), calls.overdueQr, { body: { id: orderid, status: "IN_STORE" }, token: sari }),
      404,
    );
    failure(
      await call(app(), calls.overdueQr, { body: { id: 999999, status: "IN_STORE" }, token: budi }),
      404,
    );
    failure(await call(app(), calls.overdueQr, { body: { id: "x" }, token: budi }), 400);
  });
});

describe("cancel rent and cancel booking", () => {
  for (const def of [calls.cancelRent, calls.cancelBooking]) {
    it(`${def.id}: cancels a rent waiting to store, once`, async () => {
      const orderid = await rent("rent-to-store");
      failure(await call(app(), def, { body: { id: orderid }, token: sari }), 404);
      failure(await call(app(), def, { body: { id: orderid } }), 401);
      const result = ok(def, await call(app(), def, { body: { id: orderid }, token: budi }));
      expect(result).toEqual({ id: orderid, status: "CANCEL" });
      const order = ok(
        calls.orderDetail,
        await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
      );
      expect(order.status).toBe("CANCEL");
      expect(order.logs.at(-1)?.status).toBe("CANCEL");
      expect(order.barcode.qrcodeCustomerStore).toBeNull();
      failure(await call(app(), def, { body: { id: orderid }, token: budi }), 409);
    });
  }

  it("refuses a rent in store, unknown ids and bad bodies", async () => {
    const orderid = await rent("rent-in-store");
    failure(await call(app(), calls.cancelRent, { body: { id: orderid }, token: budi }), 409);
    failure(await call(app(), calls.cancelRent, { body: { id: 999999 }, token: budi }), 404);
    failure(await call(app(), calls.cancelRent, { body: { id: "one" }, token: budi }), 400);
  });
});

describe("order polling", () => {
  it("answers 304 for an unchanged order and 200 once it changes", async () => {
    const orderid = await rent("rent-to-store");
    const first = await call(app(), calls.orderDetail, { params: { orderid }, token: budi });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await call(app(), calls.orderDetail, {
      params: { orderid },
      token: budi,
      headers: { "if-none-match": etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    ok(calls.cancelRent, await call(app(), calls.cancelRent, { body: { id: orderid }, token: budi }));
    const changed = await call(app(), calls.orderDetail, {
      params: { orderid },
      token: budi,
      headers: { "if-none-match": etag },
    });
    expect(ok(calls.orderDetail, changed).status).toBe("CANCEL");
  });
});

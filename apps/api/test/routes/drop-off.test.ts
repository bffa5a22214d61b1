import { calls, OverdueDropoffDetail } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { budi, call, failure, ok, scenario, useApp } from "../helpers.ts";

const app = useApp();

// A 1×1 PNG and JPEG header bytes.
const png =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const packageBody = (boxId: number, overrides: Record<string, unknown> = {}) => ({
  takeUserPhoneNumber: "0811222233333",
  box: { id: boxId },
  mouth: { mouthType: { name: "M" } },
  photo: `data:image/png;base64,${png}`,
  recipientName: "Rina",
  takeUserLanguage: "Indonesia",
  senderName: "Kurir Kilat",
  ...overrides,
});

describe("overdue drop-off detail", () => {
  it("gives the link holder the full detail and anybody else only the state", async () => {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = params.get("orderid")!;
    const token = params.get("token")!;
    const full = OverdueDropoffDetail.parse(
      ok(
        calls.overdueDropoffDetail,
        await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
      ),
    );
    expect(full.overdueStatus).toBe("need_to_pay");
    expect(full.overdueDays).toBe(3);
    expect(full.overdueTotalPrice).toBe(full.overdueDays * full.overdueBasePrice);
    expect(full.recipientName).toBe("Rina Kartika");
    const summary = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid } }),
    );
    expect(summary).toEqual({ id: Number(orderid), status: "IN_STORE", overdueStatus: "need_to_pay" });
    failure(await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token: budi }), 403);
    failure(await call(app(), calls.overdueDropoffDetail, { params: { orderid: 999999 } }), 404);
    failure(await call(app(), calls.overdueDropoffDetail, { params: { orderid: "x" } }), 400);
  });

  it("reports none for a taken parcel and expired after the link's limit", async () => {
    const taken = await scenario(app(), "dropoff-overdue-taken");
    const expired = await scenario(app(), "dropoff-overdue-expired");
    const state = async (orderid: string) =>
      ok(calls.overdueDropoffDetail, await call(app(), calls.overdueDropoffDetail, { params: { orderid } }))
        .overdueStatus;
    expect(await state(taken.get("orderid")!)).toBe("none");
    expect(await state(expired.get("orderid")!)).toBe("expired");
  });
});

describe("overdue drop-off submit", () => {
  const body = {
    email: "rina@example.id",
    invoice_number: "INV-DOL-A1B2C3-D4E5",
    overdue_time: 1,
    overdue_days: 3,
    overdue_total_price: 1,
  };

  it("accepts the link holder's submit and answers data.code 200", async () => {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = params.get("orderid")!;
    const result = ok(
      calls.overdueDropoffSubmit,
      await call(app(), calls.overdueDropoffSubmit, {
        params: { orderid },
        body,
        token: params.get("token")!,
      }),
    );
    expect(result.code).toBe(200);
  });

  it("refuses bad email, missing token, another holder, nothing to pay", async () => {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = params.get("orderid")!;
    const token = params.get("token")!;
    expect(
      failure(
        await call(app(), calls.overdueDropoffSubmit, {
          params: { orderid },
          body: { ...body, email: "x" },
          token,
        }),
        400,
      ),
    ).toMatch(/Email is not valid/);
    failure(await call(app(), calls.overdueDropoffSubmit, { params: { orderid }, body }), 401);
    failure(await call(app(), calls.overdueDropoffSubmit, { params: { orderid }, body, token: budi }), 403);
    const inTime = await scenario(app(), "dropoff-in-store");
    failure(
      await call(app(), calls.overdueDropoffSubmit, {
        params: { orderid: inTime.get("orderid")! },
        body,
        token: inTime.get("token")!,
      }),
      409,
    );
    failure(await call(app(), calls.overdueDropoffSubmit, { params: { orderid: 999999 }, body, token }), 404);
  });
});

describe("send package data", () => {
  it("returns a PNG QR image", async () => {
    const params = await scenario(app(), "package-form");
    const response = await call(app(), calls.sendPackageData, {
      body: packageBody(Number(params.get("boxId"))),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.rawPayload.subarray(1, 4).toString("ascii")).toBe("PNG");
  });

  it("re-checks the photo by its bytes, the size's availability and the fields", async () => {
    const params = await scenario(app(), "package-form");
    const boxId = Number(params.get("boxId"));
    const html = Buffer.from("<script>alert(1)</script>").toString("base64");
    expect(
      failure(
        await call(app(), calls.sendPackageData, {
          body: packageBody(boxId, { photo: `data:image/png;base64,${html}` }),
        }),
        400,
      ),
    ).toMatch(/not a JPEG, PNG or WebP/);
    expect(
      failure(
        await call(app(), calls.sendPackageData, {
          body: packageBody(boxId, { photo: `data:text/html;base64,${html}` }),
        }),
        400,
      ),
    ).toMatch(/photo/);
    expect(
      failure(
        await call(app(), calls.sendPackageData, { body: packageBody(boxId, { recipientName: "  " }) }),
        400,
      ),
    ).toMatch(/Recipient name should not be empty/);
    const full = await scenario(app(), "package-form-no-doors");
    expect(
      failure(
        await call(app(), calls.sendPackageData, {
          body: packageBody(Number(full.get("boxId")), { mouth: { mouthType: { name: "S" } } }),
        }),
        409,
      ),
    ).toBe("No locker available");
    failure(await call(app(), calls.sendPackageData, { body: packageBody(999999) }), 404);
  });
});

describe("barcode image", () => {
  it("draws the QR of a pick-up code by its public id", async () => {
    await scenario(app(), "dropoff-in-store");
    const [code] = await app().db.query<{ id: string }>(
      "select id from access_codes where purpose = 'take' limit 1",
    );
    const response = await call(app(), calls.barcodeImage, {
      params: { product: "paxelbox", barcodeId: code!.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("404s an unknown barcode and 400s a malformed one", async () => {
    failure(
      await call(app(), calls.barcodeImage, { params: { product: "paxelbox", barcodeId: "NOPE" } }),
      404,
    );
    failure(
      await call(app(), calls.barcodeImage, { params: { product: "paxelbox", barcodeId: "x!y" } }),
      400,
    );
  });
});

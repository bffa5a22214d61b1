import { crc32, deflateSync } from "node:zlib";
import { calls, OverdueDropoffDetail } from "@paxelbox/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { budi, call, failure, ok, onePixelPng, packageBody, scenario, useApp } from "../helpers.ts";

const app = useApp();

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
    failure(await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token: budi }), 404);
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

describe("the invoice number of a drop-off's overdue fee", () => {
  const detailOf = async (orderid: string, token: string) =>
    OverdueDropoffDetail.parse(
      ok(
        calls.overdueDropoffDetail,
        await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
      ),
    );
  const submit = (orderid: string, token: string, invoice: string, email = "rina@example.id") =>
    call(app(), calls.overdueDropoffSubmit, {
      params: { orderid },
      token,
      headers: { "accept-language": "en" },
      body: { email, invoice_number: invoice, overdue_time: 1, overdue_days: 3, overdue_total_price: 1 },
    });

  it("is drawn once per fee: every read shows it, the submit must carry it, the email is kept with it", async () => {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = params.get("orderid")!;
    const token = params.get("token")!;
    const first = await detailOf(orderid, token);
    expect(first.invoiceNumber).toMatch(/^INV-DOL-[A-Z0-9]{6}-[A-Z0-9]{4}$/);
    expect(first.receiverEmail).toBeNull();
    const again = await Promise.all([detailOf(orderid, token), detailOf(orderid, token)]);
    expect(again.map((detail) => detail.invoiceNumber)).toEqual([first.invoiceNumber, first.invoiceNumber]);

    const other = await scenario(app(), "dropoff-overdue-need-to-pay");
    const otherDetail = await detailOf(other.get("orderid")!, other.get("token")!);
    expect(otherDetail.invoiceNumber).not.toBe(first.invoiceNumber);

    // Another number than the one shown is refused, and changes nothing.
    const refused = await submit(orderid, token, "INV-DOL-A1B2C3-D4E5");
    expect(failure(refused, 409)).toBe(
      "The invoice number of this fee has changed. Reload the page and try again.",
    );
    expect(refused.json().key).toBe("dropoffInvoiceChanged");
    expect((await detailOf(orderid, token)).invoiceNumber).toBe(first.invoiceNumber);

    expect(ok(calls.overdueDropoffSubmit, await submit(orderid, token, first.invoiceNumber!)).code).toBe(200);
    const submitted = await detailOf(orderid, token);
    expect(submitted.invoiceNumber).toBe(first.invoiceNumber);
    expect(submitted.receiverEmail).toBe("rina@example.id");
  });

  it("is a new one, with no email, once the fee runs from another deadline (a fee paid)", async () => {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = params.get("orderid")!;
    const token = params.get("token")!;
    const before = await detailOf(orderid, token);
    ok(calls.overdueDropoffSubmit, await submit(orderid, token, before.invoiceNumber!));
    await app().db.query("update orders set deadline = deadline + interval '1 hour' where id = $1", [
      Number(orderid),
    ]);
    const after = await detailOf(orderid, token);
    expect(after.overdueStatus).toBe("need_to_pay");
    expect(after.invoiceNumber).toMatch(/^INV-DOL-/);
    expect(after.invoiceNumber).not.toBe(before.invoiceNumber);
    expect(after.receiverEmail).toBeNull();
    failure(await submit(orderid, token, before.invoiceNumber!), 409);
  });

  it("keeps the first number a submit brings when no page read the fee first", async () => {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = params.get("orderid")!;
    const token = params.get("token")!;
    ok(calls.overdueDropoffSubmit, await submit(orderid, token, "INV-DOL-A1B2C3-D4E5"));
    expect((await detailOf(orderid, token)).invoiceNumber).toBe("INV-DOL-A1B2C3-D4E5");
  });

  it("is only shown while a fee is due", async () => {
    const taken = await scenario(app(), "dropoff-overdue-taken");
    const detail = await detailOf(taken.get("orderid")!, taken.get("token")!);
    expect(detail.overdueStatus).toBe("none");
    expect(detail.invoiceNumber).toBeNull();
    const due = await scenario(app(), "dropoff-overdue-need-to-pay");
    const summary = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid: due.get("orderid")! } }),
    );
    expect(summary).not.toHaveProperty("invoiceNumber");
  });
});

describe("an expired drop-off link", () => {
  it("is no credential: the expire page's state, and nothing personal anywhere", async () => {
    const expired = await scenario(app(), "dropoff-overdue-expired");
    const orderid = Number(expired.get("orderid"));
    const token = expired.get("token")!;
    const personal = /Rina Kartika|0811222233333|Toko Batik Sekar Arum/;

    // The overdue page still learns where to go (the expire page), and only that.
    const detail = await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token });
    expect(ok(calls.overdueDropoffDetail, detail)).toEqual({
      id: orderid,
      status: "IN_STORE",
      overdueStatus: "expired",
    });
    // The members auth call lets the page open (it shows the link has expired) and names nobody.
    const auth = await call(app(), calls.validateUser, { query: { token } });
    expect(ok(calls.validateUser, auth)).toMatchObject({ first_name: "", phone: "", member_code: "" });

    const english = { "accept-language": "en" };
    const refused = [
      await call(app(), calls.orderDetail, { params: { orderid }, token, headers: english }),
      await call(app(), calls.overdueDropoffSubmit, {
        params: { orderid },
        token,
        headers: english,
        body: {
          email: "rina@example.id",
          invoice_number: "INV-DOL-A1B2C3-D4E5",
          overdue_time: 1,
          overdue_days: 1,
          overdue_total_price: 1,
        },
      }),
      await call(app(), calls.paymentToken, { token, headers: english }),
      await call(app(), calls.checkPayment, { params: { orderid }, token, headers: english }),
    ];
    for (const response of refused) {
      expect(failure(response, 410)).toBe("This link has expired.");
      expect(response.json().key).toBe("linkExpired");
    }
    const indonesian = await call(app(), calls.orderDetail, { params: { orderid }, token });
    expect(failure(indonesian, 410)).toBe("Link ini sudah kadaluwarsa.");
    for (const response of [detail, auth, ...refused, indonesian])
      expect(response.body).not.toMatch(personal);
  });

  it("a taken parcel's link expires with it too", async () => {
    const taken = await scenario(app(), "dropoff-overdue-taken");
    const orderid = Number(taken.get("orderid"));
    const token = taken.get("token")!;
    ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
    await app().db.query("update orders set link_expires_at = now() - interval '1 minute' where id = $1", [
      orderid,
    ]);
    failure(await call(app(), calls.orderDetail, { params: { orderid }, token }), 410);
    const summary = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
    );
    expect(summary).toEqual({ id: orderid, status: "CUSTOMER_TAKEN", overdueStatus: "none" });
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
    failure(await call(app(), calls.overdueDropoffSubmit, { params: { orderid }, body, token: budi }), 404);
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
    const english = { "accept-language": "en" };
    expect(
      failure(
        await call(app(), calls.sendPackageData, {
          body: packageBody(boxId, { photo: `data:image/png;base64,${html}` }),
          headers: english,
        }),
        400,
      ),
    ).toBe("Package Photo must be an image file");
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
        await call(app(), calls.sendPackageData, {
          body: packageBody(boxId, { recipientName: "  " }),
          headers: english,
        }),
        400,
      ),
    ).toMatch(/Recipient Name should not be empty/);
    const full = await scenario(app(), "package-form-no-doors");
    expect(
      failure(
        await call(app(), calls.sendPackageData, {
          body: packageBody(Number(full.get("boxId")), { mouth: { mouthType: { name: "S" } } }),
          headers: english,
        }),
        409,
      ),
    ).toBe("No locker available");
    failure(await call(app(), calls.sendPackageData, { body: packageBody(999999) }), 404);
  });
});

describe("send package data under an Idempotency-Key", () => {
  it("answers a repeat with the first QR and registers one parcel; another body under the key is refused", async () => {
    const params = await scenario(app(), "package-form");
    const body = packageBody(Number(params.get("boxId")), { recipientName: "Sekali Saja" });
    const headers = { "idempotency-key": "package-form-send-1" };
    const first = await call(app(), calls.sendPackageData, { body, headers });
    const again = await call(app(), calls.sendPackageData, { body, headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const [row] = await app().db.query<{ count: number }>(
      "select count(*)::int as count from dropoff_packages where recipient_name = $1",
      ["Sekali Saja"],
    );
    expect(row?.count).toBe(1);
    failure(
      await call(app(), calls.sendPackageData, { body: { ...body, recipientName: "Lain" }, headers }),
      422,
    );
    // Without a key every send registers a parcel.
    const other = await call(app(), calls.sendPackageData, { body });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(false);
  });
});

describe("package photo", () => {
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
  const send = async (photo: string) => {
    const params = await scenario(app(), "package-form");
    return call(app(), calls.sendPackageData, { body: packageBody(Number(params.get("boxId")), { photo }) });
  };
  const stored = async () => {
    const [row] = await app().db.query<{ photo: Buffer; photo_type: string }>(
      "select photo, photo_type from dropoff_packages order by id desc limit 1",
    );
    return row!;
  };
  /** A PNG whose header claims `width` × `height` pixels, with almost no data behind it. */
  const claimedPng = (width: number, height: number) => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(64))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  };

  it("stores re-encoded pixels only: a valid PNG followed by HTML keeps none of it", async () => {
    const polyglot = Buffer.concat([
      Buffer.from(onePixelPng, "base64"),
      Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>"),
    ]);
    const response = await send(dataUrl("image/png", polyglot));
    expect(response.statusCode, response.body).toBe(200);
    const photo = await stored();
    expect(photo.photo_type).toBe("image/jpeg");
    expect(photo.photo.includes("<script")).toBe(false);
    expect(photo.photo.includes("<html")).toBe(false);
    const metadata = await sharp(photo.photo).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 1, height: 1 });
  });

  it("drops what follows a JPEG and its metadata, and scales it down", async () => {
    const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#336699" } })
      .withExif({ IFD0: { Copyright: "secret-exif-text" } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from("<script>alert(1)</script>")]);
    expect(polyglot.includes("secret-exif-text")).toBe(true);
    const response = await send(dataUrl("image/jpeg", polyglot));
    expect(response.statusCode, response.body).toBe(200);
    const photo = await stored();
    expect(photo.photo.includes("<script")).toBe(false);
    expect(photo.photo.includes("secret-exif-text")).toBe(false);
    const metadata = await sharp(photo.photo).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 1600, height: 800 });
    expect(metadata.exif).toBeUndefined();
  });

  it("refuses what does not decode with the spec's photo message", async () => {
    const webpScript = Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([0x30, 0, 0, 0]),
      Buffer.from("WEBPVP8 "),
      Buffer.from("<script>alert(1)</script>"),
    ]);
    const jpegGarbage = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<html>".repeat(50)),
    ]);
    const before = await app().db.query<{ n: number }>("select count(*)::int as n from dropoff_packages");
    for (const [type, bytes] of [
      ["image/webp", webpScript],
      ["image/jpeg", jpegGarbage],
      ["image/png", claimedPng(20_000, 20_000)],
    ] as const) {
      const response = await send(dataUrl(type, bytes));
      expect(failure(response, 400), type).toBe("Foto paket harus berupa file gambar");
      expect(response.json().key).toBe("photoNotImage");
    }
    const after = await app().db.query<{ n: number }>("select count(*)::int as n from dropoff_packages");
    expect(after[0]?.n).toBe(before[0]?.n);
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

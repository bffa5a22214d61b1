import { type CallDef, calls, type Order } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { buildApp, loadConfig } from "../src/app.ts";
import { lockerSendLimit, packageSendLimit } from "../src/routes/drop-off.ts";
import {
  budi,
  call,
  failure,
  lockerOrderBody,
  ok,
  packageBody,
  pgliteTemplate,
  sari,
  scenario,
  useApp,
} from "./helpers.ts";

const app = useApp({ CORS_ORIGINS: "https://app.paxel.example" });

/** The lockers the tests have sent to: the scenario picks one at random, and a locker's count is its own. */
const lockersUsed = new Set<number>();

/** A locker with free doors that no earlier test of this file sent to. */
async function lockerOfItsOwn(): Promise<number> {
  for (;;) {
    const boxId = Number((await scenario(app(), "package-form")).get("boxId"));
    if (!lockersUsed.has(boxId)) {
      lockersUsed.add(boxId);
      return boxId;
    }
  }
}

describe("security headers", () => {
  it("are on JSON, image and error responses alike", async () => {
    for (const url of [
      "/api/v1/settings",
      "/api/v1/media/misc/no-content.svg",
      "/api/v1/nothing",
      "/healthz",
    ]) {
      const response = await app().inject(url);
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
      expect(response.headers["strict-transport-security"], url).toMatch(/max-age=31536000/);
      expect(response.headers["content-security-policy"], url).toMatch(/default-src 'none'/);
      expect(response.headers["x-frame-options"], url).toBe("DENY");
    }
  });
});

describe("CORS", () => {
  it("allows only configured origins", async () => {
    const allowed = await app().inject({
      method: "OPTIONS",
      url: calls.orderDetail.path.replace("{orderid}", "1"),
      headers: {
        origin: "https://app.paxel.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.paxel.example");
    const other = await app().inject({
      url: "/api/v1/settings",
      headers: { origin: "https://evil.example" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    expect(other.headers.vary).toMatch(/origin/i);
  });

  it("lets the web app on its own origin send what its client sends: the rent's Pay with its Idempotency-Key", async () => {
    for (const call of [calls.bankInterfacePayment, calls.lockerOrderPayment]) {
      const preflight = await app().inject({
        method: "OPTIONS",
        url: call.path,
        headers: {
          origin: "https://app.paxel.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization,content-type,idempotency-key",
        },
      });
      expect(preflight.statusCode, call.path).toBe(204);
      expect(preflight.headers["access-control-allow-origin"], call.path).toBe("https://app.paxel.example");
      const allowed = String(preflight.headers["access-control-allow-headers"]).split(/\s*,\s*/);
      expect(allowed, call.path).toEqual(
        expect.arrayContaining(["authorization", "content-type", "idempotency-key"]),
      );
    }
  });

  it("is not there at all without configured origins: no CORS headers, no Vary on Origin", async () => {
    const sameOrigin = await buildApp(loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }), {
      databaseTemplate: await pgliteTemplate(),
    });
    try {
      const response = await sameOrigin.inject({
        url: "/api/v1/settings",
        headers: { origin: "https://app.paxel.example" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
      expect(String(response.headers.vary ?? "")).not.toMatch(/origin/i);
    } finally {
      await sameOrigin.close();
    }
  });
});

describe("rate limits", () => {
  it("short-link lookups and kiosk scans answer 429 with Retry-After", async () => {
    const limited = [
      { url: "/api/v1/shortlinks/nope", method: "GET" as const, payload: undefined, max: 60 },
      { url: "/api/demo/kiosk/scan", method: "POST" as const, payload: { code: "PXB-T-NOPE" }, max: 120 },
    ];
    for (const [index, route] of limited.entries()) {
      const remoteAddress = `10.9.0.${index + 1}`;
      for (let i = 0; i < route.max; i++) {
        const response = await app().inject({
          method: route.method,
          url: route.url,
          payload: route.payload,
          remoteAddress,
        });
        expect(response.statusCode, route.url).not.toBe(429);
      }
      const refused = await app().inject({
        method: route.method,
        url: route.url,
        payload: route.payload,
        remoteAddress,
      });
      failure(refused, 429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("package sends: a locker takes 40 in 10 minutes from any addresses; one address is not held to its locker's", async () => {
    const boxId = await lockerOfItsOwn();
    const send = (box: number, remoteAddress: string) =>
      app().inject({
        method: "POST",
        url: calls.sendPackageData.path,
        payload: packageBody(box),
        remoteAddress,
      });
    for (let i = 0; i < lockerSendLimit.max; i++) {
      const sent = await send(boxId, `10.9.2.${i + 1}`);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const refused = await send(boxId, "10.9.2.200");
    failure(refused, 429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The same address sends on to another locker: many couriers share a carrier's address.
    const other = Number((await scenario(app(), "package-form-no-doors")).get("boxId"));
    expect((await send(other, "10.9.2.1")).statusCode).not.toBe(429);
  });

  it("package sends: refused sends never close a locker to its couriers (only registered parcels count for it)", async () => {
    const boxId = await lockerOfItsOwn();
    const send = (photo: string | undefined, remoteAddress: string) =>
      app().inject({
        method: "POST",
        url: calls.sendPackageData.path,
        payload: packageBody(boxId, photo ? { photo } : {}),
        remoteAddress,
      });
    // A photo that is no picture, from a few addresses: refused, nothing registered.
    for (let i = 0; i < lockerSendLimit.max + 5; i++) {
      failure(await send("data:image/png;base64,AAAA", `10.9.4.${(i % 4) + 1}`), 400);
    }
    // A courier at that locker still sends.
    expect((await send(undefined, "10.9.4.100")).statusCode).toBe(200);
  });

  it("package sends: an address registers 120 in 10 minutes, whatever the lockers; a send refused by a limit is not answered again under its key", async () => {
    const remoteAddress = "10.9.3.1";
    // Lockers that do not exist: each send is counted, then refused 404, one per locker.
    const send = (box: number, headers: Record<string, string> = {}, from = remoteAddress) =>
      app().inject({
        method: "POST",
        url: calls.sendPackageData.path,
        payload: packageBody(box),
        headers,
        remoteAddress: from,
      });
    for (let i = 0; i < packageSendLimit.max; i++) failure(await send(800_000 + i), 404);
    const refused = await send(800_500, { "idempotency-key": "package-limited" });
    failure(refused, 429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The same form sent again from another address (the phone moved from Wi-Fi to mobile data):
    // a new try, not the 429 again.
    failure(await send(800_500, { "idempotency-key": "package-limited" }, "10.9.3.2"), 404);
  });

  it("package sends: a repeat under its Idempotency-Key counts against no limit, and gets its QR when the locker is full", async () => {
    const boxId = await lockerOfItsOwn();
    const send = (remoteAddress: string, key?: string) =>
      app().inject({
        method: "POST",
        url: calls.sendPackageData.path,
        payload: packageBody(boxId),
        headers: key ? { "idempotency-key": key } : {},
        remoteAddress,
      });
    const first = await send("10.9.4.1", "double-tap");
    expect(first.statusCode, first.body).toBe(200);
    // A courier's double taps and the web server's asking again while the first runs.
    for (let i = 0; i < 10; i++) {
      const again = await send("10.9.4.1", "double-tap");
      expect(again.statusCode, again.body).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    // The locker still takes its 40 parcels: the first and 39 more.
    for (let i = 1; i < lockerSendLimit.max; i++) {
      const sent = await send(`10.9.4.${i + 1}`);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    failure(await send("10.9.4.200"), 429);
    const replay = await send("10.9.4.1", "double-tap");
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("short links: only codes no link has count; a link that exists is never refused, even to a guesser's address", async () => {
    const code = (await scenario(app(), "short-link")).url.split("/").at(-1) ?? "";
    const remoteAddress = "10.9.0.40";
    const lookUp = (name: string) => app().inject({ url: `/api/v1/shortlinks/${name}`, remoteAddress });
    // Many phones behind one address open a campaign's link at once.
    for (let i = 0; i < 80; i++) expect((await lookUp(code)).statusCode).toBe(200);
    for (let i = 0; i < 60; i++) expect((await lookUp(`nope-${i}`)).statusCode).toBe(404);
    failure(await lookUp("nope-60"), 429);
    expect((await lookUp(code)).statusCode).toBe(200);
  });
});

describe("rate limits on token checks", () => {
  const expect429 = (response: Awaited<ReturnType<typeof call>>) => {
    failure(response, 429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(response.headers["retry-after"])).toBeLessThanOrEqual(60);
  };

  it("members auth: 30 wrong guesses a minute per address, then 429 for wrong tokens from it", async () => {
    const remoteAddress = "10.9.1.1";
    const auth = (token: string, from = remoteAddress) =>
      app().inject({ url: calls.validateUser.path, query: { token }, remoteAddress: from });
    for (let i = 0; i < 30; i++) failure(await auth(`guess-${i}`), 401);
    expect429(await auth("guess-30"));
    // A right token is served all the same: many phones share one address behind a carrier's NAT.
    expect((await auth(budi)).statusCode).toBe(200);
    expect429(await auth("guess-31"));
    expect((await auth(budi, "10.9.1.99")).statusCode).toBe(200);
  });

  it("bearer calls: unknown tokens count as guesses of the address", async () => {
    const remoteAddress = "10.9.1.2";
    const detail = (token: string) =>
      app().inject({
        url: "/api/v1/box/express/info/1/paid",
        headers: { authorization: `Bearer ${token}` },
        remoteAddress,
      });
    for (let i = 0; i < 30; i++) failure(await detail(`forged-${i}`), 401);
    expect429(await detail("forged-30"));
    // The address's guesses do not count against the token-less calls of others.
    expect((await app().inject({ url: "/api/v1/settings", remoteAddress: "10.9.1.3" })).statusCode).toBe(200);
  });

  it("a known token: 120 calls a minute, from wherever they come", async () => {
    const link = await scenario(app(), "dropoff-in-store");
    const orderid = Number(link.get("orderid"));
    const token = link.get("token")!;
    for (let i = 0; i < 120; i++) {
      const response = await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token });
      expect(response.statusCode, `call ${i + 1}`).toBe(200);
    }
    const refused = await app().inject({
      url: `/api/v1/dropoff/overdue/${orderid}`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: "10.9.1.4",
    });
    expect429(refused);
  });

  it("payment access tokens: 20 a minute per token, each one a row", async () => {
    const link = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = Number(link.get("orderid"));
    const token = link.get("token")!;
    for (let i = 0; i < 20; i++) ok(calls.paymentToken, await call(app(), calls.paymentToken, { token }));
    expect429(await call(app(), calls.paymentToken, { token }));
    const [rows] = await app().db.query<{ n: number }>(
      "select count(*)::int as n from payment_access_tokens where order_id = $1",
      [orderid],
    );
    expect(rows?.n).toBe(20);
  });

  it("payment calls: unknown access tokens count as guesses of the address", async () => {
    const remoteAddress = "10.9.1.5";
    const page = "http://localhost/order-status?orderid=1";
    const orderInfo = lockerOrderBody(1, page).order_info;
    const pay = (accessToken: string) =>
      app().inject({
        method: "POST",
        url: calls.lockerOrderPayment.path,
        query: { access_token: accessToken },
        payload: { order_info: orderInfo },
        remoteAddress,
      });
    for (let i = 0; i < 30; i++) failure(await pay(`guess-${i}`), 401);
    expect429(await pay("guess-30"));
  });
});

describe("object-level authorisation", () => {
  it("every order-scoped call answers another member's order exactly as a missing one (404)", async () => {
    const params = await scenario(app(), "rent-in-store-overdue");
    const orderid = Number(params.get("orderid"));
    const order: Order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    const dropoff = await scenario(app(), "dropoff-overdue-need-to-pay");
    const dropoffId = Number(dropoff.get("orderid"));
    const submit = {
      email: "a@b.id",
      invoice_number: "INV-DOL-A1B2C3-D4E5",
      overdue_time: 1,
      overdue_days: 1,
      overdue_total_price: 1,
    };
    /** Each call for someone else's order, and the same call for an order that does not exist. */
    const missing = 2_000_000_000;
    const requests: [CallDef, Parameters<typeof call>[2], Parameters<typeof call>[2]][] = [
      [calls.orderDetail, { params: { orderid } }, { params: { orderid: missing } }],
      [calls.overdueCalculation, { params: { orderid } }, { params: { orderid: missing } }],
      [
        calls.temporaryQr,
        { body: { expressNumber: order.expressNumber } },
        { body: { expressNumber: "PXB-0000-0000" } },
      ],
      [
        calls.overdueQr,
        { body: { id: orderid, status: "IN_STORE" } },
        { body: { id: missing, status: "IN_STORE" } },
      ],
      [calls.cancelRent, { body: { id: orderid } }, { body: { id: missing } }],
      [calls.cancelBooking, { body: { id: orderid } }, { body: { id: missing } }],
      [calls.overdueDropoffDetail, { params: { orderid: dropoffId } }, { params: { orderid: missing } }],
      [
        calls.overdueDropoffSubmit,
        { params: { orderid: dropoffId }, body: submit },
        { params: { orderid: missing }, body: submit },
      ],
    ];
    /** The answer with the id the caller named taken out: all that may differ between the two. */
    const answer = (response: Awaited<ReturnType<typeof call>>, ...ids: (string | number)[]) => {
      const body = response.json() as { code: number; key: string; message: string };
      let message = body.message;
      for (const id of ids) message = message.replace(new RegExp(`\\b${id}\\b`, "g"), "{id}");
      return { status: response.statusCode, ...body, message };
    };
    const holders = [
      ["another member", sari],
      ["a drop-off link", dropoff.get("token")!],
    ] as const;
    for (const [who, token] of holders) {
      for (const [def, theirs, none] of requests) {
        // A link opens its own drop-off: its two drop-off calls are not someone else's.
        if (token !== sari && def.path.includes("dropoff")) continue;
        const refused = await call(app(), def, { ...theirs, token });
        const absent = await call(app(), def, { ...none, token });
        expect(refused.statusCode, `${def.id} for ${who}`).toBe(404);
        expect(answer(refused, orderid, dropoffId, order.expressNumber), `${def.id} for ${who}`).toEqual(
          answer(absent, missing, "PXB-0000-0000"),
        );
      }
    }
  });
});

import { type CallDef, calls, type Order } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { budi, call, failure, ok, sari, scenario, useApp } from "./helpers.ts";

const app = useApp({ CORS_ORIGINS: "https://app.paxel.example" });

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
  });
});

describe("rate limits", () => {
  it("short-link lookups, package sends and kiosk scans answer 429 with Retry-After", async () => {
    const limited = [
      { url: "/api/v1/shortlinks/nope", method: "GET" as const, payload: undefined, max: 60 },
      { url: "/api/demo/kiosk/scan", method: "POST" as const, payload: { code: "PXB-T-NOPE" }, max: 120 },
      { url: calls.sendPackageData.path, method: "POST" as const, payload: {}, max: 20 },
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
});

describe("object-level authorisation", () => {
  it("every order-scoped call refuses another member's token with 403", async () => {
    const params = await scenario(app(), "rent-in-store-overdue");
    const orderid = Number(params.get("orderid"));
    const order: Order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    const dropoff = await scenario(app(), "dropoff-overdue-need-to-pay");
    const dropoffId = Number(dropoff.get("orderid"));
    const requests: [CallDef, Parameters<typeof call>[2]][] = [
      [calls.orderDetail, { params: { orderid } }],
      [calls.overdueCalculation, { params: { orderid } }],
      [calls.temporaryQr, { body: { expressNumber: order.expressNumber } }],
      [calls.overdueQr, { body: { id: orderid, status: "IN_STORE" } }],
      [calls.cancelRent, { body: { id: orderid } }],
      [calls.cancelBooking, { body: { id: orderid } }],
      [calls.overdueDropoffDetail, { params: { orderid: dropoffId } }],
      [
        calls.overdueDropoffSubmit,
        {
          params: { orderid: dropoffId },
          body: {
            email: "a@b.id",
            invoice_number: "INV-DOL-A1B2C3-D4E5",
            overdue_time: 1,
            overdue_days: 1,
            overdue_total_price: 1,
          },
        },
      ],
    ];
    for (const [def, options] of requests) {
      const response = await call(app(), def, { ...options, token: sari });
      expect(response.statusCode, def.id).toBe(403);
    }
    // The recipient's link opens its own drop-off and nothing else.
    const linkToken = dropoff.get("token")!;
    for (const [def, options] of requests.slice(0, 6)) {
      const response = await call(app(), def, { ...options, token: linkToken });
      expect(response.statusCode, `${def.id} with a drop-off link`).toBe(403);
    }
  });
});

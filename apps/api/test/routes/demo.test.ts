import { calls, scenarioIds } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { call, failure, ok, useApp } from "../helpers.ts";

const app = useApp();

describe("demo scenarios", () => {
  it("lists every scenario id", async () => {
    const list = ok(calls.demoScenarios, await call(app(), calls.demoScenarios));
    expect(list.map((item) => item.id)).toEqual([...scenarioIds]);
  });

  it("creates a fresh record each time", async () => {
    for (const id of scenarioIds) {
      const first = ok(
        calls.createDemoScenario,
        await call(app(), calls.createDemoScenario, { params: { id } }),
      );
      expect(first.url.startsWith("/"), id).toBe(true);
      if (first.url.includes("orderid=")) {
        const second = ok(
          calls.createDemoScenario,
          await call(app(), calls.createDemoScenario, { params: { id } }),
        );
        expect(second.url, id).not.toBe(first.url);
      }
    }
  });

  it("redirects the open link and 400s an unknown scenario", async () => {
    const response = await app().inject(`/api/demo/scenarios/rent-in-store/open`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/order-status\?orderid=\d+&token=demo-token-budi$/);
    expect(failure(await call(app(), calls.createDemoScenario, { params: { id: "nope" } }), 400)).toMatch(
      /scenario/,
    );
  });
});

describe("demo mode off in production", () => {
  const production = useApp({
    NODE_ENV: "production",
    PUBLIC_BASE_URL: "https://paxelbox.example",
    PAYMENT_SECRET: "a-production-secret-of-some-length",
    CAPTCHA_SECRET: "another-production-secret-of-length",
    PAYMENT_GATEWAY: "midtrans",
    MIDTRANS_SERVER_KEY: "Mid-server-production-key",
    MIDTRANS_IS_PRODUCTION: "1",
  });
  it("does not mount the scenarios", async () => {
    failure(await call(production(), calls.demoScenarios), 404);
  });
});

describe("demo scenarios in English", () => {
  const english = useApp();
  it("give rents to the English-speaking member with language=en", async () => {
    const response = await english().inject({
      method: "POST",
      url: "/api/demo/scenarios/rent-in-store?language=en",
    });
    expect(response.json().data.url).toMatch(/token=demo-token-sari$/);
  });

  it("give the pages without a member English as their lang link, and leave the default links alone", async () => {
    const url = async (id: string, query = "") =>
      (await english().inject({ method: "POST", url: `/api/demo/scenarios/${id}${query}` })).json().data
        .url as string;
    expect(await url("dropoff-in-store", "?language=en")).toMatch(
      /^\/order\?orderid=\d+&token=[^&]+&lang=en$/,
    );
    expect(await url("package-form", "?language=en")).toMatch(/^\/package\?boxId=\d+&name=[^&]+&lang=en$/);
    expect(await url("guest-book-business", "?language=en")).toBe(
      "/guest-book?business_type=Business&lang=en",
    );
    expect(await url("guest-book-business", "?language=id")).toBe("/guest-book?business_type=Business");
    expect(await url("guest-book-business")).toBe("/guest-book?business_type=Business");
    expect(await url("rent-in-store", "?language=en")).not.toContain("lang=");
    expect(await url("short-link", "?language=en")).toMatch(/^\/o\/demo[a-z0-9]+$/);
  });
});

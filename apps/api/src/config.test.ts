import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("API configuration", () => {
  it("has working defaults for development", () => {
    const config = loadConfig({});
    expect(config.demo).toBe(true);
    expect(config.dataDir).toBe(path.resolve(".data"));
    expect(config.productName).toBe("Paxel");
  });

  it("keeps an in-memory database as it is", () => {
    expect(loadConfig({ DATA_DIR: "memory://" }).dataDir).toBe("memory://");
  });

  it("turns demo off in production unless DEMO=1, and demands its own secrets there", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PAYMENT_SECRET and CAPTCHA_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_SECRET: "0123456789abcdef0123" })).toThrow(
      /CAPTCHA_SECRET/,
    );
    const secret = {
      NODE_ENV: "production",
      PAYMENT_SECRET: "0123456789abcdef0123",
      CAPTCHA_SECRET: "fedcba9876543210fedc",
    };
    expect(loadConfig(secret).demo).toBe(false);
    expect(loadConfig({ ...secret, DEMO: "1" }).demo).toBe(true);
  });

  it("reads the drop-off free days and link lifetime", () => {
    expect(loadConfig({}).dropoff).toEqual({ freeDays: 2, linkDays: 9 });
    expect(loadConfig({ DROPOFF_FREE_DAYS: "3", DROPOFF_LINK_DAYS: "14" }).dropoff).toEqual({
      freeDays: 3,
      linkDays: 14,
    });
    expect(() => loadConfig({ DROPOFF_FREE_DAYS: "0" })).toThrow(/DROPOFF_FREE_DAYS/);
  });

  it("stops with a clear message on a bad value", () => {
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });
});

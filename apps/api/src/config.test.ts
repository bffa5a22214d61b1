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
    expect(() => loadConfig(secret)).toThrow(/no payment sandbox/);
    const gateway = { ...secret, PAYMENT_GATEWAY: "midtrans", MIDTRANS_SERVER_KEY: "Mid-server-0123456789" };
    expect(loadConfig(gateway).demo).toBe(false);
    expect(loadConfig({ ...secret, DEMO: "1" }).demo).toBe(true);
  });

  it("demands a real gateway's credentials with it", () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: "midtrans" })).toThrow(/MIDTRANS_SERVER_KEY/);
    expect(() => loadConfig({ SNAP_BASE_URL: "https://bank.example/snap" })).toThrow(
      /SNAP_PRIVATE_KEY and SNAP_GATEWAY_PUBLIC_KEY and SNAP_CLIENT_SECRET/,
    );
    expect(loadConfig({}).payments).toMatchObject({ gateway: "sandbox", reconcileAgeSeconds: 30 });
  });

  it("reads the drop-off free days and link lifetime", () => {
    expect(loadConfig({}).dropoff).toEqual({ freeDays: 2, linkDays: 9 });
    expect(loadConfig({ DROPOFF_FREE_DAYS: "3", DROPOFF_LINK_DAYS: "14" }).dropoff).toEqual({
      freeDays: 3,
      linkDays: 14,
    });
    expect(() => loadConfig({ DROPOFF_FREE_DAYS: "0" })).toThrow(/DROPOFF_FREE_DAYS/);
  });

  it("logs readable lines in a terminal and JSON lines elsewhere, unless LOG_FORMAT says", () => {
    expect(loadConfig({}, true).logFormat).toBe("pretty");
    expect(loadConfig({}, false).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "json" }, true).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "pretty" }, false).logFormat).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("serves metrics only when METRICS_PORT is set, on the loopback interface by default", () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics.host).toBe("0.0.0.0");
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 10 by default, and refuses a pool of none", () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "ten" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("stops with a clear message on a bad value", () => {
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });
});

// @vitest-environment jsdom
import { calls } from "@paxelbox/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MetricType } from "web-vitals";

/** The callbacks the reporter gave the `web-vitals` library, by metric. */
const callbacks = new Map<string, (metric: MetricType) => void>();
vi.mock("web-vitals", () => {
  const on = (name: string) => (callback: (metric: MetricType) => void) => callbacks.set(name, callback);
  return { onCLS: on("CLS"), onINP: on("INP"), onLCP: on("LCP"), onTTFB: on("TTFB") };
});

function report(name: string, value: number, id = `v6-${name}`, navigationType = "navigate") {
  const rating = value > 1000 ? "poor" : "good";
  callbacks.get(name)?.({ name, value, rating, id, delta: value, entries: [], navigationType } as never);
}

function hide() {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
}

/** A fake `navigator.sendBeacon` that keeps what it was given. */
function fakeBeacon() {
  const sent: { url: string; data: Blob }[] = [];
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, data: Blob) => {
      sent.push({ url, data });
      return true;
    },
  });
  return sent;
}

async function freshReporter() {
  vi.resetModules();
  callbacks.clear();
  return import("./web-vitals-reporter");
}

describe("Web Vitals reporter", () => {
  beforeEach(() => {
    window.history.replaceState(null, "", "/order-status/action?orderid=12&token=secret-token");
  });

  it("sends one JSON beacon when the page is hidden: route pattern, name, value, rating, navigation type", async () => {
    const sent = fakeBeacon();
    const { reportWebVitals } = await freshReporter();
    reportWebVitals("/order-status/action");
    report("TTFB", 240);
    report("LCP", 1900);
    report("CLS", 0.02);
    report("INP", 120);
    expect(sent).toHaveLength(0);
    hide();
    expect(sent).toHaveLength(1);
    const [beacon] = sent;
    expect(beacon?.url).toBe(calls.reportWebVitals.path);
    expect(beacon?.data.type).toBe("application/json");
    const text = await beacon?.data.text();
    expect(JSON.parse(text ?? "")).toEqual({
      route: "/order-status/action",
      metrics: [
        { name: "TTFB", value: 240, rating: "good", navigationType: "navigate" },
        { name: "LCP", value: 1900, rating: "poor", navigationType: "navigate" },
        { name: "CLS", value: 0.02, rating: "good", navigationType: "navigate" },
        { name: "INP", value: 120, rating: "good", navigationType: "navigate" },
      ],
    });
    // Nothing of the address: no query, no token.
    expect(text).not.toMatch(/orderid|token|secret|\?/);
  });

  it("sends each metric of a page view once, and nothing when there is nothing new", async () => {
    const sent: unknown[] = [];
    const { reportWebVitals } = await freshReporter();
    reportWebVitals("/", (report) => sent.push(report) > 0);
    report("CLS", 0.05);
    hide();
    report("CLS", 0.3);
    hide();
    expect(sent).toHaveLength(1);
    report("LCP", 800);
    hide();
    expect(sent).toEqual([
      { route: "/", metrics: [{ name: "CLS", value: 0.05, rating: "good", navigationType: "navigate" }] },
      { route: "/", metrics: [{ name: "LCP", value: 800, rating: "good", navigationType: "navigate" }] },
    ]);
  });

  it("starts once however often it is asked", async () => {
    const sent: unknown[] = [];
    const { reportWebVitals } = await freshReporter();
    reportWebVitals("/", (report) => sent.push(report) > 0);
    reportWebVitals("/", (report) => sent.push(report) > 0);
    report("TTFB", 100);
    hide();
    expect(sent).toHaveLength(1);
  });
});

describe("beacon", () => {
  it("goes to an API on another origin as a keepalive fetch without credentials", async () => {
    const { setRuntimeConfig } = await import("../../config/runtime-config");
    const { fallbackPublicConfig } = await import("../../config/public-config");
    const { sendBeacon } = await import("./beacon");
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    setRuntimeConfig({ ...fallbackPublicConfig, apiBaseUrl: "https://api.paxel.example" });
    try {
      expect(sendBeacon(calls.reportWebVitals.path, { route: "/" })).toBe(true);
    } finally {
      setRuntimeConfig(fallbackPublicConfig);
    }
    expect(fetch).toHaveBeenCalledWith("https://api.paxel.example/api/v1/web-vitals", {
      method: "POST",
      body: '{"route":"/"}',
      headers: { "content-type": "application/json" },
      keepalive: true,
      credentials: "omit",
    });
  });
});

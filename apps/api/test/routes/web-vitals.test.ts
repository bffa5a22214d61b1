import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { webVitalsLimit, webVitalsRouteCap } from "../../src/routes/web-vitals.ts";
import { failure, useApp } from "../helpers.ts";

const app = useApp();

/** Every beacon from its own address, so that the limit of one does not end another test. */
let address = 0;
const beacon = (body: unknown, ip = `192.0.2.${++address}`) =>
  app().inject({
    method: "POST",
    url: calls.reportWebVitals.path,
    payload: body as object,
    remoteAddress: ip,
    headers: { "accept-language": "en" },
  });

const valid = {
  route: "/o/:code",
  metrics: [
    { name: "TTFB", value: 320, rating: "good", navigationType: "navigate" },
    { name: "INP", value: 640, rating: "poor", navigationType: "navigate" },
  ],
};

async function histogram(name: string, labels: string): Promise<number> {
  const text = await app().metrics.registry.getSingleMetricAsString(name);
  const line = text.split("\n").find((row) => row.startsWith(`${name}_count{`) && row.includes(labels));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("Web Vitals beacon", () => {
  it("answers 204 and feeds the histograms by route pattern and metric", async () => {
    const response = await beacon(valid);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe("");
    expect(await histogram("paxelbox_web_vitals_seconds", 'route="/o/:code",metric="TTFB"')).toBe(1);
    expect(await histogram("paxelbox_web_vitals_seconds", 'route="/o/:code",metric="INP"')).toBe(1);
  });

  it("is sent as a JSON Blob: plain text is refused", async () => {
    const response = await app().inject({
      method: "POST",
      url: calls.reportWebVitals.path,
      payload: JSON.stringify(valid),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(response.statusCode).toBe(415);
  });

  it("refuses an address instead of a route pattern, unknown metrics and bad values with 400", async () => {
    const withQuery = await beacon({ ...valid, route: "/order?orderid=12&token=secret" });
    expect(failure(withQuery, 400)).toMatch(/route must be a route pattern/);
    const unknown = await beacon({ ...valid, metrics: [{ ...valid.metrics[0], name: "FID" }] });
    expect(failure(unknown, 400)).toMatch(/unknown metric/);
    const negative = await beacon({ ...valid, metrics: [{ ...valid.metrics[0], value: -1 }] });
    expect(failure(negative, 400)).toMatch(/must not be negative/);
    failure(await beacon({ ...valid, metrics: [] }), 400);
    failure(await beacon({ ...valid, route: `/${"a".repeat(100)}` }), 400);
  });

  it("keeps at most a fixed number of route labels", async () => {
    for (let i = 0; i <= webVitalsRouteCap; i++) {
      expect((await beacon({ ...valid, route: `/made-up-${i}` })).statusCode).toBe(204);
    }
    expect(await histogram("paxelbox_web_vitals_seconds", 'route="other",metric="TTFB"')).toBeGreaterThan(0);
    expect(await histogram("paxelbox_web_vitals_seconds", `route="/made-up-${webVitalsRouteCap}"`)).toBe(0);
  });

  it("is rate-limited per address", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < webVitalsLimit.max; i++) expect((await beacon(valid, ip)).statusCode).toBe(204);
    const refused = await beacon(valid, ip);
    failure(refused, 429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("is in the API reference", async () => {
    const document = (await app().inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths[calls.reportWebVitals.path]?.post?.responses ?? {})).toContain("204");
  });
});

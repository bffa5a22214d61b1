import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { call, failure, ok, scenario, useApp } from "../helpers.ts";

const app = useApp();

describe("box location detail", () => {
  it("returns the location in both languages with a photo and map link", async () => {
    const detail = ok(
      calls.boxLocationDetail,
      await call(app(), calls.boxLocationDetail, { params: { boxId: 1 }, query: { "rent-availability": 0 } }),
    );
    expect(detail.locker_location.length).toBeGreaterThan(3);
    expect(detail.location_description_bahasa.length).toBeGreaterThan(3);
    expect(detail.operational_hour_bahasa.length).toBeGreaterThan(3);
    expect(detail.maps_link).toMatch(/^https:\/\//);
    expect(detail.latitude).toBeLessThan(-6);
  });

  it("404 for an unknown box, 400 for a bad id or flag", async () => {
    failure(await call(app(), calls.boxLocationDetail, { params: { boxId: 999999 } }), 404);
    failure(await call(app(), calls.boxLocationDetail, { params: { boxId: "box" } }), 400);
    failure(
      await call(app(), calls.boxLocationDetail, { params: { boxId: 1 }, query: { "rent-availability": 7 } }),
      400,
    );
  });
});

describe("available locker sizes", () => {
  it("lists free sizes with dimensions", async () => {
    const sizes = ok(calls.lockerSizes, await call(app(), calls.lockerSizes, { params: { boxId: 1 } }));
    expect(sizes.map((size) => size.name)).toEqual(expect.arrayContaining(["S", "M", "L", "XL"]));
    for (const size of sizes) expect(size.available).toBeGreaterThan(0);
  });

  it("is empty for a full box; 404 for an unknown box; 400 for a bad id", async () => {
    const params = await scenario(app(), "package-form-no-doors");
    const sizes = ok(
      calls.lockerSizes,
      await call(app(), calls.lockerSizes, { params: { boxId: params.get("boxId")! } }),
    );
    expect(sizes).toEqual([]);
    failure(await call(app(), calls.lockerSizes, { params: { boxId: 999999 } }), 404);
    failure(await call(app(), calls.lockerSizes, { params: { boxId: "0" } }), 400);
  });
});

describe("locker finder", () => {
  it("lists only public locations: the demo's full boxes are reachable by id but not listed", async () => {
    const query = { limit: 1 };
    const before = ok(calls.lockerLocations, await call(app(), calls.lockerLocations, { query }));
    // The spec's "more than 260 locations" holds for the public network the seed creates.
    expect(before.total).toBeGreaterThan(260);
    expect(before.total).toBeLessThan(270);
    const params = await scenario(app(), "package-form-no-doors");
    const boxId = params.get("boxId")!;
    ok(calls.boxLocationDetail, await call(app(), calls.boxLocationDetail, { params: { boxId } }));
    const after = ok(calls.lockerLocations, await call(app(), calls.lockerLocations, { query }));
    expect(after.total).toBe(before.total);
    const demo = ok(
      calls.lockerLocations,
      await call(app(), calls.lockerLocations, { query: { q: "all doors in use", limit: 5 } }),
    );
    expect(demo.total).toBe(0);
  });

  it("searches by name or area, case-insensitively, with a total", async () => {
    const all = ok(calls.lockerLocations, await call(app(), calls.lockerLocations, { query: { limit: 5 } }));
    expect(all.total).toBeGreaterThanOrEqual(260);
    expect(all.items).toHaveLength(5);
    const bogor = ok(
      calls.lockerLocations,
      await call(app(), calls.lockerLocations, { query: { q: "bogor", limit: 100 } }),
    );
    expect(bogor.total).toBeGreaterThan(0);
    for (const item of bogor.items) {
      expect(`${item.name} ${item.area} ${item.city} ${item.address}`.toLowerCase()).toContain("bogor");
    }
    const none = ok(
      calls.lockerLocations,
      await call(app(), calls.lockerLocations, { query: { q: "%_zzzz" } }),
    );
    expect(none).toEqual({ total: 0, items: [] });
  });

  it("orders by distance from a point", async () => {
    const monas = { lat: -6.1754, lng: 106.8272 };
    const near = ok(
      calls.lockerLocations,
      await call(app(), calls.lockerLocations, { query: { ...monas, limit: 10 } }),
    );
    const distances = near.items.map((item) => item.distance_km ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(5);
  });

  it("rejects bad coordinates and limits", async () => {
    failure(await call(app(), calls.lockerLocations, { query: { lat: 200, lng: 0 } }), 400);
    failure(await call(app(), calls.lockerLocations, { query: { limit: 1000 } }), 400);
  });
});

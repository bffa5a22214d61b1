import { describe, expect, it } from "vitest";
import { locationFloor, specLocationFloor } from "./location-count";

describe("locationFloor", () => {
  it("is the largest multiple of ten strictly below the number of public locations", () => {
    expect(locationFloor(265)).toBe(260);
    expect(locationFloor(261)).toBe(260);
    expect(locationFloor(260)).toBe(250);
    expect(locationFloor(342)).toBe(340);
    expect(locationFloor(1)).toBe(0);
  });

  it("falls back to the spec's figure without a count", () => {
    expect(locationFloor(undefined)).toBe(specLocationFloor);
    expect(locationFloor(null)).toBe(specLocationFloor);
    expect(locationFloor(0)).toBe(specLocationFloor);
  });
});

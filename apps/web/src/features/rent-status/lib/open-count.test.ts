// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { storage } from "../../../lib/offline/storage";
import { countOpening, openCount } from "./open-count";

describe("open count per order (lockerUserData)", () => {
  beforeEach(() => localStorage.clear());

  it("counts openings per order number", () => {
    expect(openCount("A")).toBe(0);
    expect(countOpening("A")).toBe(1);
    expect(countOpening("A")).toBe(2);
    expect(countOpening("B")).toBe(1);
    expect(storage.get("lockerUserData")).toEqual([
      { expressNumber: "A", openFrequency: 2 },
      { expressNumber: "B", openFrequency: 1 },
    ]);
    expect(openCount("A")).toBe(2);
  });
});

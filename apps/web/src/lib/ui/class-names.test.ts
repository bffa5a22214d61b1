import { describe, expect, it } from "vitest";
import { classNames } from "./class-names";

describe("classNames", () => {
  it("joins the names given, in order, leaving out the empty ones", () => {
    expect(classNames("stack", false, "card", undefined, null, "", "wide")).toBe("stack card wide");
  });

  it("is empty when nothing holds", () => {
    expect(classNames(false, undefined)).toBe("");
  });
});

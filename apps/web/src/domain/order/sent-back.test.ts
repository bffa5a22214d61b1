import { describe, expect, it } from "vitest";
import { isSentBack, sentBackState } from "./sent-back";

describe("sent back", () => {
  it("marks a navigation of this document only", () => {
    expect(isSentBack(sentBackState())).toBe(true);
    // The same history entry after a reload carries another document's mark.
    expect(isSentBack({ sentBack: "an-earlier-document" })).toBe(false);
    expect(isSentBack(null)).toBe(false);
    expect(isSentBack(undefined)).toBe(false);
    expect(isSentBack({})).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { readySanitizer, sanitizer } from "./sanitizer-ready";

describe("sanitizer-ready", () => {
  it("has no sanitiser until it is loaded, then the one of lib/sanitize.ts", async () => {
    expect(readySanitizer()).toBeUndefined();
    const module = await sanitizer.load();
    expect(readySanitizer()).toBe(module.sanitizeHtml);
  });
});

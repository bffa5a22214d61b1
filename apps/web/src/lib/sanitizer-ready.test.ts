import { describe, expect, it } from "vitest";
import { markSanitizerReady, onSanitizerReady, readySanitizer } from "./sanitizer-ready";

describe("sanitizer-ready", () => {
  it("tells its listeners once the sanitiser is there, and stops when they unsubscribe", () => {
    expect(readySanitizer()).toBeUndefined();
    let calls = 0;
    const stop = onSanitizerReady(() => {
      calls += 1;
    });
    const sanitize = (html: string) => html.replace(/<script.*?<\/script>/g, "");
    markSanitizerReady(sanitize);
    expect(readySanitizer()).toBe(sanitize);
    expect(calls).toBe(1);
    stop();
    markSanitizerReady(sanitize);
    expect(calls).toBe(1);
  });
});

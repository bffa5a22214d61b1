import { describe, expect, it } from "vitest";
import { holdHydration, hydrationHolds } from "./hydration-gate";

describe("hydration gate", () => {
  it("waits for every hold, and goes ahead when one fails", async () => {
    let release: () => void = () => undefined;
    holdHydration(new Promise<void>((resolve) => (release = resolve)));
    holdHydration(Promise.reject(new Error("chunk failed")));
    let done = false;
    const waiting = hydrationHolds().then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    release();
    await waiting;
    expect(done).toBe(true);
  });
});

import { describe, expect, it, vi } from "vitest";
import { type AltchaRun, altchaToken } from "./altcha-token";

/** A widget in `state` whose next run answers `answer`. */
function widget(state: string, answer: string | null = "new-run") {
  const target = new EventTarget() as AltchaRun & { change(state: string, payload?: string): void };
  target.getState = () => state;
  target.verify = vi.fn(async () => (answer === null ? null : { payload: answer }));
  target.change = (next, payload) =>
    target.dispatchEvent(
      new CustomEvent("statechange", { detail: { state: next, payload: payload ?? null } }),
    );
  return target;
}

describe("altchaToken", () => {
  it("uses the answer the widget holds", async () => {
    const held = widget("verified");
    expect(await altchaToken(held, "held")).toBe("held");
    expect(held.verify).not.toHaveBeenCalled();
  });

  it("starts a run when the widget has none", async () => {
    const idle = widget("unverified");
    expect(await altchaToken(idle, null)).toBe("new-run");
    expect(idle.verify).toHaveBeenCalledOnce();
  });

  it("waits for the run in progress", async () => {
    const running = widget("verifying");
    const token = altchaToken(running, null);
    running.change("verifying");
    running.change("verified", "from-the-run");
    expect(await token).toBe("from-the-run");
    expect(running.verify).not.toHaveBeenCalled();
  });

  it("starts a new run when the one in progress is abandoned, instead of waiting for ever", async () => {
    const running = widget("verifying");
    const token = altchaToken(running, null);
    running.change("unverified");
    expect(await token).toBe("new-run");
    expect(running.verify).toHaveBeenCalledOnce();
  });

  it("has none when the run fails or expires, or a new run finds none", async () => {
    for (const end of ["error", "expired"]) {
      const running = widget("verifying");
      const token = altchaToken(running, null);
      running.change(end);
      expect(await token).toBe("");
    }
    expect(await altchaToken(widget("error", null), null)).toBe("");
  });
});

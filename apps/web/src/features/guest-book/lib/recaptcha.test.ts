// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { recaptchaScriptUrl, recaptchaToken } from "./recaptcha";

afterEach(() => {
  delete window.grecaptcha;
  document.head.replaceChildren();
});

describe("reCAPTCHA v3 (when the server's captcha setup names it)", () => {
  it("loads Google's script once for the site key and asks for a token with the action", async () => {
    const execute = vi.fn(async () => "token-1");
    const pending = recaptchaToken("site key", "guestbook_submit");
    const script = document.head.querySelector("script");
    expect(script?.src).toBe(recaptchaScriptUrl("site key"));
    expect(script?.src).toBe("https://www.google.com/recaptcha/api.js?render=site%20key");
    window.grecaptcha = { ready: (callback) => callback(), execute };
    script?.dispatchEvent(new Event("load"));
    expect(await pending).toBe("token-1");
    expect(execute).toHaveBeenCalledWith("site key", { action: "guestbook_submit" });

    expect(await recaptchaToken("site key", "guestbook_submit")).toBe("token-1");
    expect(document.head.querySelectorAll("script")).toHaveLength(1);
  });

  it("fails when the script cannot be loaded (the form then shows the captcha error)", async () => {
    const pending = recaptchaToken("other", "guestbook_submit");
    document.head.querySelector("script")?.dispatchEvent(new Event("error"));
    await expect(pending).rejects.toThrow(/could not be loaded/);
  });
});

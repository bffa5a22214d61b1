import { randomBytes } from "node:crypto";
import { calls } from "@paxelbox/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { failure, multipart, ok, useApp } from "../helpers.ts";
import { type Answer, useScriptedProvider } from "../scripted-provider.ts";

/**
 * The guest book with reCAPTCHA v3 instead of ALTCHA, against a stand-in of Google's siteverify
 * (its documented protocol: the secret and the page's token posted as a form; success, score,
 * action and the host the token was solved on answered). What the API takes is a token solved for
 * the guest book's action, on this site, scoring at least the minimum, once.
 */
const siteverify = useScriptedProvider(() => verdict());
const app = useApp(() => ({
  RECAPTCHA_SITE_KEY: "6Lc-test-site-key",
  RECAPTCHA_SECRET: "6Lc-test-secret",
  RECAPTCHA_MIN_SCORE: "0.5",
  RECAPTCHA_VERIFY_URL: `${siteverify.origin()}/recaptcha/api/siteverify`,
  PUBLIC_BASE_URL: "https://paxelbox.example",
}));

/** Google's answer for a token solved on the guest book's page, changed by `overrides`. */
const verdict = (overrides: Record<string, unknown> = {}) => ({
  success: true,
  challenge_ts: new Date().toISOString(),
  hostname: "paxelbox.example",
  score: 0.9,
  action: "guestbook_submit",
  ...overrides,
});
const answer = (overrides: Record<string, unknown>): Answer => ({ status: 200, body: verdict(overrides) });

const fields = {
  sender_name: "Sari Wijaya",
  sender_contact: "081234567890",
  sender_email: "sari@example.id",
  requested_value: "paxelbox_locker",
  message: "We manage three apartment towers.",
};
let address = 0;
let tokens = 0;
const send = (token = `03AFcWeA-token-${++tokens}`) =>
  app().inject({
    method: "POST",
    url: calls.sendGuestBook.path,
    remoteAddress: `10.1.0.${++address}`,
    ...multipart({ ...fields, token }),
  });
const stored = async () => (await app().db.query("select id from guest_book_submissions")).length;

beforeEach(() => {
  siteverify.received.length = 0;
  siteverify.script.length = 0;
});

describe("guest book with reCAPTCHA", () => {
  it("gives the page the site key and the action to run", async () => {
    const setup = ok(calls.captcha, await app().inject(calls.captcha.path));
    expect(setup).toEqual({
      provider: "recaptcha",
      siteKey: "6Lc-test-site-key",
      action: "guestbook_submit",
    });
  });

  it("asks siteverify with the secret and the page's token, and stores a token solved here", async () => {
    const before = await stored();
    ok(calls.sendGuestBook, await send("03AFcWeA-good"));
    expect(siteverify.received).toEqual([
      expect.objectContaining({
        url: "/recaptcha/api/siteverify",
        body: { secret: "6Lc-test-secret", response: "03AFcWeA-good" },
      }),
    ]);
    expect(await stored()).toBe(before + 1);
  });

  it("refuses, storing nothing, a token Google refuses, solved elsewhere, for another action, or scoring low", async () => {
    const before = await stored();
    siteverify.script.push(
      answer({ success: false, "error-codes": ["invalid-input-response"], score: undefined }),
      // The site key's page copied onto another site, its domain list left open in Google's console.
      answer({ hostname: "paxelbox.example.evil.test" }),
      answer({ action: "login" }),
      answer({ score: 0.3 }),
      { status: 503, body: {} },
    );
    for (let i = 0; i < 5; i++) {
      const response = await send();
      expect(failure(response, 400)).toMatch(/captcha/i);
      expect(response.json().data).toEqual({ reason: "captcha" });
    }
    expect(siteverify.received).toHaveLength(5);
    expect(await stored()).toBe(before);
  });

  it("takes a token once, on any instance: the same token sent again is refused", async () => {
    // As long as the contract lets a token be: Google's are a few thousand characters of base64.
    const long = `03AFcWeA-${randomBytes(3000).toString("base64url")}`.slice(0, 4000);
    for (const token of ["03AFcWeA-once", long]) {
      ok(calls.sendGuestBook, await send(token));
      expect((await send(token)).json().data).toEqual({ reason: "captcha" });
    }
  });
});

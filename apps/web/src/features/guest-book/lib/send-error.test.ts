import { guestBookMessages } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/http/api-error";
import en from "../../../locales/en.ts";
import id from "../../../locales/id.ts";
import { fieldMessageKey } from "./field-messages";
import { CaptchaUnavailableError, isCaptchaFailure, sendErrorMessage } from "./send-error";

const texts = { generic: en.errors.serverError, captchaPrefix: en.marketing.guestBook.captchaErrorPrefix };

function apiError(status: number, serverMessage?: string, data?: unknown) {
  return new ApiError({
    status,
    code: status,
    message: serverMessage ?? `HTTP ${status}`,
    serverMessage,
    data,
    kind: "http",
    callId: "sendGuestBook",
  });
}

describe("guest-book send errors (spec §8)", () => {
  it("shows the server's message, else the generic one", () => {
    expect(sendErrorMessage(apiError(429, "Too many requests. Try again in 10 minutes."), texts)).toBe(
      "Too many requests. Try again in 10 minutes.",
    );
    expect(sendErrorMessage(apiError(500), texts)).toBe(
      "A server error occurred, please contact our Customer Service",
    );
    expect(sendErrorMessage(new TypeError("offline"), texts)).toBe(texts.generic);
  });

  it("reads a refused or missing captcha as 'Recaptcha Error: ' + the generic message", () => {
    const refused = apiError(400, "The captcha check failed. Please try again.", { reason: "captcha" });
    expect(isCaptchaFailure(refused)).toBe(true);
    expect(sendErrorMessage(refused, texts)).toBe(
      "Recaptcha Error: A server error occurred, please contact our Customer Service",
    );
    expect(sendErrorMessage(new CaptchaUnavailableError("no token"), texts)).toBe(
      "Recaptcha Error: A server error occurred, please contact our Customer Service",
    );
    expect(
      sendErrorMessage(new CaptchaUnavailableError("no token"), {
        generic: id.errors.serverError,
        captchaPrefix: id.marketing.guestBook.captchaErrorPrefix,
      }),
    ).toBe("Recaptcha Error: Terjadi kesalahan server, silahkan hubungi Customer Service kami");
    expect(isCaptchaFailure(apiError(400, "sender_email: invalid"))).toBe(false);
  });
});

describe("guest-book field messages (spec §5)", () => {
  it("shows every spec message word for word in English", () => {
    for (const [name, message] of Object.entries(guestBookMessages)) {
      const key = fieldMessageKey(message);
      expect(key, name).toBe(`marketing.guestBook.errors.${name}`);
      expect(en.marketing.guestBook.errors[name as keyof typeof guestBookMessages]).toBe(message);
    }
    expect(fieldMessageKey("Too big")).toBeNull();
    expect(fieldMessageKey(undefined)).toBeNull();
  });
});

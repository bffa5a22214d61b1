import { describe, expect, it, vi } from "vitest";
import { parseWebEnv } from "../../../config/env";
import { createI18n, ensureLanguage, type Language, type TKey } from "../../../lib/i18n/i18n";
import en from "../../../locales/en.ts";
import id from "../../../locales/id.ts";
import { guestBookAction } from "./guest-book-action.server";
import { readSentGuestBook, shownCookieHeader } from "./sent-cookie.server";

/**
 * The guest book's route action (spec §5, §7, §8): what a browser posts, with or without the page's
 * script, against the contract's schema, the captcha and the API (answered here by a stub of
 * `fetch`, which the server's api client uses).
 */

const texts = { id, en } as const;

const valid = {
  sender_name: "  Budi Santoso  ",
  sender_contact: "0812-3456-7890",
  email_address: " budi@example.com ",
  purpose: "paxelbox_locker",
  message: "  Kami ingin memasang loker.  ",
  term_check: "on",
};

/** A form post to the action, as a browser sends it (urlencoded), with the page's query. */
function post(fields: Record<string, string>, { query = "?index&business_type=Business", cookie = "" } = {}) {
  return new Request(`http://box.example/guest-book${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** The web server's configuration: its secret signs the confirmation's mark. */
const secret = { INTERNAL_API_SECRET: "a-secret-of-the-test-that-is-long-enough" };
const config = parseWebEnv(secret);

/** The action as the route calls it: in the page's language, with its texts. */
async function act(request: Request, language: Language = "id", server = config) {
  await ensureLanguage(language);
  const i18n = createI18n(language, { product: "Paxel" });
  return guestBookAction(request, { config: server, language, t: (key: TKey) => i18n.t(key) as string });
}

/** The refusal the action answered with (`data(…, { status })`). */
function refusal(answer: unknown) {
  const { data, init } = answer as {
    data: { values: Record<string, string>; errors: Record<string, string>; formError?: string };
    init: { status: number };
  };
  return { ...data, status: init.status };
}

interface Sent {
  url: string;
  headers: Headers;
  body: Record<string, string>;
}

/** Stubs the API: each send is recorded and answered by `answer` (status, JSON body, headers), or fails. */
function stubApi(answer: () => { status: number; body: unknown; headers?: Record<string, string> } | Error) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = Object.fromEntries([...(init.body as FormData).entries()].map(([k, v]) => [k, String(v)]));
      sent.push({ url, headers: new Headers(init.headers), body });
      const reply = answer();
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json", ...reply.headers },
      });
    }),
  );
  return sent;
}

const whitePapers = {
  status: 200,
  body: {
    code: 200,
    data: {
      white_papers: [
        { name: "Bad", url: "javascript:alert(1)" },
        { name: "PaxelBox Partnership White Paper", url: "/api/v1/white-papers/paxelbox-partnership.pdf" },
      ],
    },
  },
};

describe("guest-book action: the form refused (spec §5)", () => {
  it.for(["id", "en"] as const)(
    "answers the spec's messages in the page's language (%s), every field as it was typed",
    async (language) => {
      const sent = stubApi(() => whitePapers);
      const m = texts[language].marketing.guestBook;
      const answer = refusal(
        await act(
          post({ sender_name: "  Budi  ", sender_contact: "0812-3456", email_address: "budi@", purpose: "" }),
          language,
        ),
      );
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual({
        sender_contact: m.errors.senderContactFormat,
        email_address: m.errors.emailInvalid,
        purpose: m.errors.purposeRequired,
        message: m.errors.messageRequired,
        term_check: m.errors.termRequired,
      });
      expect(answer.values).toEqual({
        sender_name: "  Budi  ",
        sender_contact: "0812-3456",
        email_address: "budi@",
        purpose: "",
        message: "",
        term_check: "",
      });
      // Posted by a browser without the page's script (no captcha field): it is told why as well.
      expect(answer.formError).toBe(m.captchaNoScriptRefused);
      expect(sent).toEqual([]);
    },
  );

  it("tells a browser without scripts that the captcha needs one, and sends nothing", async () => {
    const sent = stubApi(() => whitePapers);
    const answer = refusal(await act(post(valid), "en"));
    expect(answer).toEqual({
      values: valid,
      errors: {},
      formError: en.marketing.guestBook.captchaNoScriptRefused,
      status: 400,
    });
    expect(answer.formError).toBe("Not sent yet: the verification was not ready. What you entered is kept.");
    expect(sent).toEqual([]);
  });

  it("answers 'Recaptcha Error: ' + the generic message when the script could get no captcha (spec §8)", async () => {
    const sent = stubApi(() => whitePapers);
    const answer = refusal(await act(post({ ...valid, captcha: "" }), "id"));
    expect(answer.formError).toBe(
      "Recaptcha Error: Terjadi kesalahan server, silahkan hubungi Customer Service kami",
    );
    expect(answer.values).toEqual(valid);
    expect(sent).toEqual([]);
  });

  it("checks the fields before anything else: a script's post with an error is not sent", async () => {
    const sent = stubApi(() => whitePapers);
    const { term_check: _unticked, ...fields } = valid;
    const answer = refusal(await act(post({ ...fields, captcha: "proof" }), "en"));
    expect(answer.errors).toEqual({ term_check: "You should accept Terms and Conditions" });
    expect(answer.formError).toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe("guest-book action: the send (spec §7)", () => {
  it("sends the API the trimmed fields and the captcha in the page's language, then redirects to the confirmation", async () => {
    const sent = stubApi(() => whitePapers);
    const request = post(
      { ...valid, captcha: "proof-of-work" },
      { query: "?index&business_type=Business&lang=en" },
    );
    request.headers.set("accept-language", "id-ID,id;q=0.9");
    const answer = (await act(request, "en")) as Response;

    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toMatch(/\/api\/v1\/guest-book$/);
    expect(sent[0]?.body).toEqual({
      sender_name: "Budi Santoso",
      sender_contact: "081234567890",
      sender_email: "budi@example.com",
      requested_value: "paxelbox_locker",
      message: "Kami ingin memasang loker.",
      token: "proof-of-work",
    });
    // The page's language, not the browser's (ADR 014).
    expect(sent[0]?.headers.get("accept-language")).toBe("en");

    // Post/Redirect/Get, in the language the address named; the mark the confirmation needs.
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/guest-book/submitted?lang=en");
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^guest_book_sent=[^;]+;/);
    expect(cookie).toContain("Path=/guest-book");
    expect(cookie).toContain("Max-Age=600");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");

    const submitted = new Request("http://box.example/guest-book/submitted", {
      headers: { cookie: cookie.split(";")[0] ?? "" },
    });
    // The first white paper that may be opened (spec §2).
    expect(await readSentGuestBook(config, submitted)).toEqual({
      whitePaper: {
        name: "PaxelBox Partnership White Paper",
        url: "/api/v1/white-papers/paxelbox-partnership.pdf",
      },
    });
  });

  it("marks the confirmation Secure by the site's configured address, never by the request's scheme", async () => {
    stubApi(() => whitePapers);
    // Behind a TLS-terminating front the request reaches the server as plain HTTP.
    const request = (origin: string) =>
      new Request(`${origin}/guest-book?index`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...valid, captcha: "proof" }),
      });
    const https = parseWebEnv({ ...secret, PUBLIC_BASE_URL: "https://box.example" });
    const behindFront = (await act(request("http://10.0.0.5:3000"), "id", https)) as Response;
    expect(behindFront.headers.get("location")).toBe("/guest-book/submitted");
    expect(behindFront.headers.get("set-cookie")).toContain("; Secure");
    // A request claiming https does not make a plain-HTTP site's mark Secure (it would be dropped).
    const plain = (await act(request("https://box.example"), "id")) as Response;
    expect(plain.headers.get("set-cookie")).not.toContain("Secure");
  });

  it.for([
    {
      name: "a refused captcha",
      reply: { status: 400, body: { code: 400, message: "Captcha gagal.", data: { reason: "captcha" } } },
      message: "Recaptcha Error: Terjadi kesalahan server, silahkan hubungi Customer Service kami",
      status: 400,
    },
    {
      name: "the rate limit",
      reply: { status: 429, body: { code: 429, message: "Terlalu banyak permintaan. Coba lagi nanti." } },
      message: "Terlalu banyak permintaan. Coba lagi nanti.",
      status: 429,
    },
    {
      name: "a server failure with its message",
      reply: { status: 500, body: { code: 500, message: "Buku tamu sedang dalam perawatan." } },
      message: "Buku tamu sedang dalam perawatan.",
      status: 502,
    },
    {
      name: "a server failure without one",
      reply: { status: 503, body: { code: 503, message: "" } },
      message: "Terjadi kesalahan server, silahkan hubungi Customer Service kami",
      status: 502,
    },
    {
      name: "an API out of reach",
      reply: new TypeError("fetch failed"),
      message: "Terjadi kesalahan server, silahkan hubungi Customer Service kami",
      status: 502,
    },
  ])("shows $name as the spec §8 message, every field kept", async ({ reply, message, status }) => {
    const sent = stubApi(() => reply);
    const fields = { ...valid, captcha: "proof" };
    const answer = refusal(await act(post(fields), "id"));
    expect(sent).toHaveLength(1);
    expect(answer).toEqual({ values: valid, errors: {}, formError: message, status });
  });
});

describe("guest-book action: the API's limit", () => {
  it("answers 429 with the API's Retry-After, or a minute when it gave none", async () => {
    const limited = (headers: Record<string, string>) => ({
      status: 429,
      body: { code: 429, message: "Terlalu banyak permintaan. Coba lagi nanti." },
      headers,
    });
    const retryAfter = async (headers: Record<string, string>) => {
      stubApi(() => limited(headers));
      const answer = (await act(post({ ...valid, captcha: "proof" }), "id")) as {
        init: ResponseInit;
      };
      expect(answer.init.status).toBe(429);
      return new Headers(answer.init.headers).get("retry-after");
    };
    expect(await retryAfter({ "retry-after": "540" })).toBe("540");
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(await retryAfter({ "retry-after": inAMinute })).toBe(inAMinute);
    expect(await retryAfter({})).toBe("60");
    // Not a delay nor a date: not passed on.
    expect(await retryAfter({ "retry-after": "soon" })).toBe("60");
  });
});

describe("guest-book confirmation mark", () => {
  it("is missing unless the action set it, and a mark the server did not sign counts for nothing", async () => {
    const opened = (cookie?: string) =>
      readSentGuestBook(
        config,
        new Request("http://box.example/guest-book/submitted", { headers: cookie ? { cookie } : {} }),
      );
    expect(await opened()).toBeNull();
    const forged = btoa(JSON.stringify({ whitePaper: { name: "x", url: "/api/v1/white-papers/x.pdf" } }));
    expect(await opened(`guest_book_sent=${encodeURIComponent(forged)}`)).toBeNull();
    expect(await opened("guest_book_sent=garbage")).toBeNull();
  });

  it("marks the send shown once the confirmation has answered, keeping its white paper", async () => {
    const page = (cookie: string) =>
      new Request("http://box.example/guest-book/submitted", {
        headers: { cookie: cookie.split(";")[0] ?? "" },
      });
    const paper = { name: "Paper", url: "/api/v1/white-papers/paper.pdf" };
    const shown = await shownCookieHeader(config, { whitePaper: paper });
    expect(shown).toContain("Path=/guest-book");
    expect(shown).toContain("HttpOnly");
    expect(await readSentGuestBook(config, page(shown))).toEqual({ whitePaper: paper, shown: true });
  });
});

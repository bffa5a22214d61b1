import { baseUrl, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";

/**
 * The security headers of real responses of the running system, asserted plainly (ADR 007): every
 * header the Mozilla HTTP Observatory tests — CSP, cookies, CORS, HSTS, X-Content-Type-Options,
 * X-Frame-Options, Referrer-Policy, Cross-Origin-Resource-Policy — with the value docs/security.md
 * gives, on web pages (with and without a token) and on API answers of every kind.
 */

/** An origin the API was not configured for, sent on every request as a CORS probe. */
const probeOrigin = "https://attacker.example";

async function answer(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, baseUrl), {
    ...init,
    redirect: "manual",
    headers: { origin: probeOrigin, ...(init.headers as Record<string, string>) },
  });
  return { response, body: await response.text() };
}

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** What every answer sends, page or API. */
function expectCommon(label: string, headers: Headers) {
  const maxAge = Number(/max-age=(\d+)/.exec(headers.get("strict-transport-security") ?? "")?.[1] ?? 0);
  expect(maxAge, label).toBeGreaterThanOrEqual(31_536_000);
  expect(headers.get("x-content-type-options"), label).toBe("nosniff");
  // Tokens in the query never reach other sites' logs.
  expect(["no-referrer", "same-origin"], label).toContain(headers.get("referrer-policy"));
  expect(headers.get("cross-origin-resource-policy"), label).toBe("same-site");
  // CORS only for configured origins (none here), never with credentials.
  expect(headers.get("access-control-allow-origin"), label).toBeNull();
  expect(headers.get("access-control-allow-credentials"), label).toBeNull();
  for (const cookie of headers.getSetCookie()) {
    expect(cookie, label).toMatch(/;\s*HttpOnly/i);
    expect(cookie, label).toMatch(/;\s*SameSite=(Lax|Strict)/i);
  }
}

describe("security headers", () => {
  it("web pages: landing, services, web-view pages with a token, and the 404 page", async ({ scenario }) => {
    const rent = await scenario("rent-in-store");
    const dropoff = await scenario("dropoff-in-store");
    expect(rent.params.get("token")).toBeTruthy();
    const pages = [
      ["landing /", "/", 200],
      ["landing /?lang=en", "/?lang=en", 200],
      ["services /services", "/services", 200],
      ["web view /order-status?token=…", rent.url, 200],
      ["order page /order?token=…", dropoff.url, 200],
      ["404 page", "/no-such-page", 404],
    ] as const;
    for (const [label, path, status] of pages) {
      const { response, body } = await answer(path);
      const { headers } = response;
      expect(response.status, label).toBe(status);
      expect(headers.get("content-type"), label).toMatch(/^text\/html/);
      expectCommon(label, headers);
      const csp = directives(headers.get("content-security-policy"));
      const scriptSrc = csp.get("script-src") ?? [];
      const nonce = scriptSrc.find((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source));
      expect(nonce, label).toBeTruthy();
      expect(scriptSrc, label).not.toContain("'unsafe-inline'");
      expect(scriptSrc, label).not.toContain("'unsafe-eval'");
      expect(
        scriptSrc.filter((source) => /^(https?:|\*|data:)/.test(source)),
        label,
      ).toEqual([]);
      expect(csp.get("default-src"), label).toEqual(["'self'"]);
      expect(csp.get("object-src"), label).toEqual(["'none'"]);
      expect(csp.get("base-uri"), label).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), label).toEqual(["'self'"]);
      expect(headers.get("x-frame-options"), label).toBe("SAMEORIGIN");
      expect(headers.get("cross-origin-opener-policy"), label).toBe("same-origin");
      expect(headers.get("permissions-policy"), label).toMatch(/camera=\(\)/);
      // Every script of the page carries this response's nonce.
      const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length, label).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, label).toContain(`nonce="${nonce?.slice(7, -1)}"`);
    }
  });

  it("a fresh nonce on every page", async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec((await answer("/")).response.headers.get("content-security-policy") ?? "")?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it("API answers: JSON, a picture, a refusal, an unknown address and a validation error", async () => {
    const answers = [
      ["API JSON /api/v1/settings", "/api/v1/settings", {}, 200],
      ["API picture /api/v1/media/misc/no-content.svg", "/api/v1/media/misc/no-content.svg", {}, 200],
      ["API 401 order without token", "/api/v1/box/express/info/1/paid", {}, 401],
      ["API 404 unknown address", "/api/v1/nothing-here", {}, 404],
      [
        "API 400 bad body",
        "/api/demo/kiosk/scan",
        { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
        400,
      ],
    ] as const;
    for (const [label, path, init, status] of answers) {
      const { response } = await answer(path, init);
      expect(response.status, label).toBe(status);
      expectCommon(label, response.headers);
      expect(response.headers.get("x-frame-options"), label).toBe("DENY");
      // Nothing the API answers may load anything or be framed (pictures keep their own <style>).
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp.get("default-src"), label).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
    }
  });

  it("runs the app and blocks an injected inline script", async ({ open }) => {
    const { page, errors } = await open({ viewport: "mobile" });
    await visit(page, "/");
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    // The only console error is the browser reporting the blocked injection.
    expect(errors.filter((error) => !/Content Security Policy/.test(error))).toEqual([]);
  });
});

import { createHash } from "node:crypto";
import { request } from "node:http";
import { baseUrl, phoneAndDesktop, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

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
  test("web pages: landing, services, web-view pages with a token, and the 404 page", async ({
    scenario,
  }) => {
    const rent = await scenario("rent-in-store");
    const dropoff = await scenario("dropoff-in-store");
    expect(rent.params.get("token")).toBeTruthy();
    // The landing and services pages name their inline scripts by hash (a shared cache keeps them,
    // ADR 021); every other page by this response's nonce.
    const pages = [
      ["landing /", "/", 200, "hashes"],
      ["landing /?lang=en", "/?lang=en", 200, "hashes"],
      ["services /services", "/services", 200, "hashes"],
      ["web view /order-status?token=…", rent.url, 200, "nonce"],
      ["order page /order?token=…", dropoff.url, 200, "nonce"],
      ["404 page", "/no-such-page", 404, "nonce"],
    ] as const;
    for (const [label, path, status, inline] of pages) {
      const { response, body } = await answer(path);
      const { headers } = response;
      expect(response.status, label).toBe(status);
      expect(headers.get("content-type"), label).toMatch(/^text\/html/);
      expectCommon(label, headers);
      const csp = directives(headers.get("content-security-policy"));
      const scriptSrc = csp.get("script-src") ?? [];
      const nonce = scriptSrc.find((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source));
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
      const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, label).toBeGreaterThan(0);
      if (inline === "nonce") {
        // Every script of the page carries this response's nonce.
        expect(nonce, label).toBeTruthy();
        for (const [tag] of scripts) expect(tag, label).toContain(`nonce="${nonce?.slice(7, -1)}"`);
      } else {
        // No nonce at all; each inline script is named by its hash, and nothing else is.
        expect(nonce, label).toBeUndefined();
        expect(body, label).not.toMatch(/<[^>]+\snonce=/);
        const inlineHashes = scripts
          .filter(([, attributes]) => !/\ssrc=/.test(attributes ?? ""))
          .map(
            ([, , text]) =>
              `'sha256-${createHash("sha256")
                .update(text ?? "")
                .digest("base64")}'`,
          );
        expect(inlineHashes.length, label).toBeGreaterThan(0);
        expect(new Set(scriptSrc.filter((source) => source.startsWith("'sha256-"))), label).toEqual(
          new Set(inlineHashes),
        );
      }
    }
  });

  test("a fresh nonce on every page that has one", async ({ scenario }) => {
    const rent = await scenario("rent-in-store");
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await answer(rent.url)).response.headers.get("content-security-policy") ?? "",
      )?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  test("marketing pages a shared cache may keep; personal pages it may not", async ({ scenario }) => {
    const shared = [
      ["/", "Cookie"],
      ["/services", "Cookie"],
      ["/?lang=en", null],
      ["/services?lang=id", null],
    ] as const;
    for (const [path, vary] of shared) {
      const { response } = await answer(path, { headers: { "accept-encoding": "gzip" } });
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, path).toMatch(/(^|, )public(,|$)/);
      expect(Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1]), path).toBeGreaterThan(0);
      expect(Number(/stale-while-revalidate=(\d+)/.exec(cacheControl)?.[1]), path).toBeGreaterThan(0);
      expect(response.headers.getSetCookie(), path).toEqual([]);
      expect(response.headers.get("x-robots-tag"), path).toBeNull();
      const varies = (response.headers.get("vary") ?? "").toLowerCase().split(/,\s*/);
      expect(varies, path).toContain("accept-encoding");
      if (vary) expect(varies, path).toContain(vary.toLowerCase());
      else expect(varies, path).not.toContain("cookie");
    }
    // The language cookie decides the language of the same address (hence Vary: Cookie).
    const english = await answer("/services", { headers: { cookie: "language=en" } });
    expect(english.body).toMatch(/<html lang="en"/);
    expect((await answer("/services")).body).toMatch(/<html lang="id"/);

    const overdue = await scenario("dropoff-overdue-need-to-pay");
    const personal = [
      ["an order's landing address", `/?orderid=${overdue.params.get("orderid")}&token=x`],
      ["another query", "/?utm_source=newsletter"],
      ["a web-view page", (await scenario("rent-in-store")).url],
      ["the package form", (await scenario("package-form")).url],
      ["the package form without its locker", "/package"],
      ["the guest book", "/guest-book"],
      ["the debug page", "/debug"],
      ["an unknown address", "/nothing-here"],
    ] as const;
    for (const [label, path] of personal) {
      const { response } = await answer(path);
      // A page (the order's address and the bare form answer with a redirect) names its scripts by
      // nonce, and no cache but the visitor's own keeps it.
      if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
        expect(response.headers.get("content-security-policy"), label).toMatch(/'nonce-/);
        expect(response.headers.get("cache-control"), label).toMatch(/^private, no-(cache|store)$/);
        // A page its link's token opened is listed by no search engine, should the link reach one.
        expect(response.headers.get("x-robots-tag"), label).toBe(
          path.includes("token=") ? "noindex, nofollow" : null,
        );
      } else {
        expect(response.status, label).toBe(302);
        expect(response.headers.get("cache-control") ?? "", label).not.toMatch(/public|s-maxage/);
      }
    }
    // An order's landing sends its visitor on with the link's token: kept by no cache at all, as a
    // page or as its data for a navigation within the site.
    const landing = `?orderid=${overdue.params.get("orderid")}&token=${overdue.token}`;
    for (const path of [`/${landing}`, `/_.data${landing}`]) {
      const { response, body } = await answer(path);
      expect(response.status, path).toBe(200);
      expect(body, path).toContain(overdue.token);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      if (!path.startsWith("/_.data"))
        expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
    }
  });

  test("API answers: JSON, a picture, a refusal, an unknown address and a validation error", async () => {
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

  test("a form posted through a front end that ends TLS or renames the host is the site's own; one from another site is refused", async () => {
    const site = new URL(baseUrl);
    // A raw request: the Host header is the front end's to write, which fetch does not let a test do.
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const body = "receiver_name=x";
        const sent = request(
          {
            host: site.hostname,
            port: site.port,
            // A page's action (the overdue form's; without an order it sends the browser home).
            path: "/overduepayment?index",
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "content-length": String(Buffer.byteLength(body)),
              ...headers,
            },
          },
          (answer) => {
            answer.resume();
            resolve(answer.statusCode ?? 0);
          },
        );
        sent.on("error", reject);
        sent.end(body);
      });
    // The page's address is the configured one (PUBLIC_BASE_URL), whatever Host says.
    expect(await post({ origin: site.origin, host: "web.internal:8080" })).toBe(302);
    expect(await post({ origin: site.origin, host: "web.internal", "x-forwarded-proto": "https" })).toBe(302);
    expect(await post({ origin: "https://evil.example", host: site.host })).toBe(400);
    expect(await post({ origin: "https://evil.example", host: "evil.example" })).toBe(400);
  });

  test("the offline page: a policy of its own that runs no script", async () => {
    for (const encoding of ["identity", "br"]) {
      const label = `offline.html (${encoding})`;
      const { response } = await answer("/offline.html", { headers: { "accept-encoding": encoding } });
      expect(response.status, label).toBe(200);
      expectCommon(label, response.headers);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp.get("default-src"), label).toEqual(["'none'"]);
      expect(csp.get("script-src"), label).toBeUndefined();
      expect(csp.get("base-uri"), label).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), label).toEqual(["'self'"]);
    }
  });

  test("runs the app and blocks an injected inline script", async ({ open }) => {
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

  test("marketing pages run under their hashes, in both languages, with no policy violation", async ({
    open,
  }) => {
    // The inline scripts carry the page's data, which differs by language; the server never knows the size.
    for (const [viewport, language] of phoneAndDesktop) {
      const { context, page, errors } = await open({ viewport, language });
      await context.addInitScript(() => {
        const record = window as unknown as { __violations: string[] };
        record.__violations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          record.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
        });
      });
      for (const path of ["/", "/services"]) {
        const response = await visit(page, path);
        const label = `${path} ${viewport} ${language}`;
        expect(response?.headers()["content-security-policy"], label).toMatch(/'sha256-/);
        await expect(page.locator("html"), label).toHaveAttribute("lang", language);
        // `visit` waited for React to hydrate: the hashed inline scripts ran, and nothing was refused.
        expect(
          await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
          label,
        ).toEqual([]);
      }
      expect(errors).toEqual([]);
    }
  });
});

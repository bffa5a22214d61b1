import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildWebServer } from "../server/app.ts";
import {
  baseUrl,
  hydrated,
  otherFrames,
  phoneAndDesktop,
  phoneEn,
  watchRequests,
} from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { decodeQr } from "./support/journeys.ts";

/**
 * Web-view pages opened with a token arrive rendered (ADR 011): the server checks the token and
 * reads the screen's data, the HTML already shows it, and hydration keeps that HTML instead of
 * rendering again. Times and the invoice number hydrate as the server rendered them.
 */

const pages = [
  {
    name: "rent status",
    scenario: "rent-in-store",
    /** An element inside the lazily loaded rent view. */
    marker: "rent-info-order-number",
  },
  { name: "order detail", scenario: "dropoff-in-store", marker: "order-number" },
  { name: "overdue payment", scenario: "dropoff-overdue-need-to-pay", marker: "overdue-invoice" },
] as const;

const cases = pages.flatMap((page) =>
  phoneAndDesktop.map(([viewport, lang]) => ({ ...page, lang, viewport })),
);

const authCall = "/api/webview/v1/members/auth";

describe("web-view pages rendered on the server", () => {
  for (const { name, scenario: id, marker, lang, viewport } of cases) {
    test(`${name} (${lang}, ${viewport}): the HTML shows the data, private; hydration keeps it`, async ({
      open,
      scenario,
    }) => {
      const created = await scenario(id, { language: lang });

      // Without JavaScript: the data is in the document, which no cache may keep.
      const response = await fetch(new URL(created.url, baseUrl), {
        headers: { cookie: `language=${lang}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const html = await response.text();
      expect(html).toContain(`lang="${lang}"`);
      expect(html).toContain(`data-testid="${marker}"`);
      expect(html).not.toContain('data-testid="screen-skeleton"');

      // With JavaScript: the element the server sent is the one on screen after hydration.
      const { page, errors } = await open({ viewport, language: lang });
      const authCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === authCall) authCalls.push(request.url());
      });
      await page.addInitScript((testId: string) => {
        const found = window as unknown as { __served?: Element };
        const observer = new MutationObserver(() => {
          const element = document.querySelector(`[data-testid="${testId}"]`);
          if (!element) return;
          found.__served = element;
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      }, marker);
      await page.goto(created.url, { waitUntil: "domcontentloaded" });
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
      // The token leaves the address bar once the server's check is taken over.
      await page.waitForURL((url) => !url.searchParams.has("token") && url.searchParams.has("orderid"));
      const token = created.params.get("token");
      await expect.poll(() => page.evaluate(() => localStorage.getItem("user_token"))).toBe(token);
      // The lazily loaded parts have hydrated too (their buttons answer), and nothing was rendered twice.
      await page.getByTestId(marker).waitFor();
      // A fixed wait: a second render, if any, would replace the served element within it.
      await page.waitForTimeout(300);
      const same = await page.evaluate((testId: string) => {
        const served = (window as unknown as { __served?: Element }).__served;
        return Boolean(served?.isConnected && served === document.querySelector(`[data-testid="${testId}"]`));
      }, marker);
      expect(same).toBe(true);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect(authCalls).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  for (const { lang, viewport } of [
    { lang: "id", viewport: "mobile" },
    { lang: "en", viewport: "desktop" },
  ] as const) {
    test(`order detail (${lang}, ${viewport}) on a phone in another time zone than the lockers': their times (WIB) from the server until hydration, then the phone's (ADR 029)`, async ({
      open,
      scenario,
    }) => {
      // The server writes the lockers' time (WIB, UTC+7) whatever zone this machine is in; the
      // phone is in Jayapura, 9 h east of UTC (neither has daylight saving time).
      const serverOffset = 7 * 60;
      const [timezoneId, phoneOffset] = ["Asia/Jayapura", 9 * 60] as const;
      const { page, errors } = await open({ viewport, language: lang, timezoneId });
      const created = await scenario("dropoff-in-store", { language: lang });
      // The deadline's text as the document brought it, before any script ran.
      await page.addInitScript(() => {
        const seen = window as unknown as { __served?: string };
        const observer = new MutationObserver(() => {
          const element = document.querySelector('[data-testid="order-deadline"]');
          if (!element?.textContent) return;
          seen.__served = element.textContent;
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
      const response = await page.goto(created.url, { waitUntil: "domcontentloaded" });
      const html = (await response?.text()) ?? "";
      const served = /data-testid="order-deadline"[^>]*>([^<]+)</.exec(html)?.[1] ?? "";
      expect(served).toMatch(/^\d{1,2} \S+ \d{4} \d{2}:\d{2}$/);
      await hydrated(page);
      const deadline = page.getByTestId("order-deadline");
      await expect(deadline).not.toHaveText(served);
      expect(await page.evaluate(() => (window as unknown as { __served?: string }).__served)).toBe(served);
      // The same moment, moved by the difference between the two zones: the shown time of day is the
      // served one plus (phone's offset − server's offset), modulo a day.
      const [, hour, minute] = /(\d{2}):(\d{2})$/.exec(served) ?? [];
      const moved = (Number(hour) * 60 + Number(minute) + phoneOffset - serverOffset + 2 * 1440) % 1440;
      const clock = [Math.floor(moved / 60), moved % 60]
        .map((part) => String(part).padStart(2, "0"))
        .join(":");
      await expect(deadline).toHaveText(new RegExp(` ${clock}$`));
      // Hydration kept the server's text: React reports no mismatch.
      expect(errors).toEqual([]);
    });
  }

  for (const [viewport, lang] of phoneAndDesktop) {
    test(`order detail (${lang}, ${viewport}): the door QR arrives drawn, hydration keeps it, no encoder loads`, async ({
      open,
      scenario,
    }) => {
      const created = await scenario("dropoff-in-store", { language: lang });
      const html = await (
        await fetch(new URL(created.url, baseUrl), { headers: { cookie: `language=${lang}` } })
      ).text();
      const value = /data-qr-value="([^"]+)"/.exec(html)?.[1];
      expect(value, "a QR drawn in the served HTML").toMatch(/^PXB-/);
      expect(html).toMatch(/data-qr-value="[^"]+" data-qr-modules="\d+"><svg[^>]*role="img"/);

      const { page, errors } = await open({ viewport, language: lang });
      const scripts = watchRequests(page, ["script"]);
      await page.addInitScript(() => {
        const found = window as unknown as { __servedQr?: Element };
        const observer = new MutationObserver(() => {
          const svg = document.querySelector("[data-qr-value] svg");
          if (!svg) return;
          found.__servedQr = svg;
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await page.goto(created.url, { waitUntil: "domcontentloaded" });
      await hydrated(page);
      await scripts.quiet(1500);
      const qr = page.getByTestId("order-qr-code");
      await expect(qr.locator("[data-qr-value]")).toHaveAttribute("data-qr-value", value ?? "");
      expect(await decodeQr(qr)).toBe(value);
      expect(
        await page.evaluate(() => {
          const served = (window as unknown as { __servedQr?: Element }).__servedQr;
          return Boolean(served?.isConnected && served === document.querySelector("[data-qr-value] svg"));
        }),
      ).toBe(true);
      expect(scripts.urls.filter((url) => /\/qr-path-[\w-]+\.js$/.test(url))).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("a token the server cannot validate leaves the page to the browser, which says why", async ({
    open,
  }) => {
    const { page } = await open({ viewport: "mobile" });
    const response = await fetch(new URL("/order-status?orderid=1&token=not-a-member", baseUrl));
    const html = await response.text();
    expect(html).toContain('data-testid="screen-skeleton"');
    expect(html).not.toContain('data-testid="rent-status"');
    await page.goto("/order-status?orderid=1&token=not-a-member");
    await page.getByTestId("session-error").waitFor();
  });

  for (const [viewport, lang] of otherFrames) {
    test(`without scripts, the overdue fee's page of a fee not due goes to the order page (${viewport}, ${lang})`, async ({
      open,
      scenario,
    }) => {
      const { page } = await open({ viewport, language: lang, javaScriptEnabled: false });
      // Still in its free days, and already taken (spec §4 "Overdue page entry").
      for (const id of ["dropoff-in-store", "dropoff-overdue-taken"]) {
        const order = await scenario(id, { language: lang });
        const link = new URL(order.url, "http://site.invalid");
        await page.goto(`/overduepayment${link.search}`);
        await expect.poll(() => new URL(page.url()).pathname, id).toBe("/order");
        expect(new URL(page.url()).searchParams.get("orderid"), id).toBe(order.orderId);
        await expect(page.getByTestId("screen-skeleton"), id).toHaveCount(0);
      }
      // One that is due stays on its page.
      const due = await scenario("dropoff-overdue-need-to-pay", { language: lang });
      await page.goto(due.url);
      expect(new URL(page.url()).pathname).toBe("/overduepayment");
    });
  }

  for (const [viewport, lang] of [phoneEn]) {
    test(`without scripts, the overdue view of a rent that is not overdue is its in-store view (${viewport}, ${lang})`, async ({
      open,
      scenario,
    }) => {
      const { page } = await open({ viewport, language: lang, javaScriptEnabled: false });
      const rent = await scenario("rent-in-store", { language: lang });
      await page.goto(`${rent.url}&status=overdue`);
      await expect(page.locator('[data-view="in-store"]')).toBeVisible();
      expect(new URL(page.url()).searchParams.has("status")).toBe(false);
      // One that is overdue stays on its overdue view.
      const due = await scenario("rent-in-store-overdue", { language: lang });
      await page.goto(`${due.url}&status=overdue`);
      await expect(page.locator('[data-view="overdue"]')).toBeVisible();
      expect(new URL(page.url()).searchParams.get("status")).toBe("overdue");
    });

    test(`without scripts, a screen the server could not load says 'Oops...' and why (${viewport}, ${lang})`, async ({
      open,
      scenario,
    }) => {
      const { page } = await open({ viewport, language: lang, javaScriptEnabled: false });
      const rent = await scenario("rent-in-store", { language: lang });
      const panel = page.getByTestId("no-script-screen-error");
      // An order that is not there: the API's own message.
      const unknown = new URL(rent.url, baseUrl);
      unknown.searchParams.set("orderid", "999999");
      await page.goto(unknown.pathname + unknown.search);
      await expect(panel.locator("h1, h2").first()).toHaveText("Oops...");
      const refusal = await fetch(new URL(`/api/v1/box/express/info/999999/paid`, baseUrl), {
        headers: { authorization: `Bearer ${rent.token}`, "accept-language": lang },
      });
      const message = ((await refusal.json()) as { message: string }).message;
      await expect(panel).toContainText(message);
      // Nothing is loading any more: no skeleton under it.
      await expect(page.getByTestId("screen-skeleton")).toBeHidden();
      // A token the API refuses, on the order page: its message in the page's language, whatever
      // the browser's (Playwright's is English).
      await page.goto("/order?orderid=1&token=not-a-member");
      await expect(panel).toContainText(
        lang === "en" ? "Your session is not valid any more." : "Sesi kamu sudah tidak berlaku.",
      );
      // No token in the address (none is kept on a device without scripts): where the page opens from.
      for (const path of [
        "/order?orderid=1",
        "/overduepayment?orderid=1",
        "/order-status?orderid=1",
        "/order-status/action?orderid=1&act=open_locker",
      ]) {
        await page.goto(path);
        await expect(panel).toContainText(
          lang === "en"
            ? "Please open this page from the app or from the link you were sent."
            : "Silakan buka halaman ini dari aplikasi atau dari tautan yang kamu terima.",
        );
        await expect(page.getByTestId("screen-skeleton")).toBeHidden();
      }
      // No order id at all (or one no order can have): the screen says it has none, and no 'Oops...'.
      for (const orderid of [null, "abc"]) {
        const missing = new URL(rent.url, baseUrl);
        if (orderid === null) missing.searchParams.delete("orderid");
        else missing.searchParams.set("orderid", orderid);
        await page.goto(missing.pathname + missing.search);
        await expect(page.getByTestId("rent-missing-order")).toBeVisible();
        await expect(panel).toHaveCount(0);
        await page.goto(`/order${missing.search}`);
        await expect(page.getByTestId("order-missing")).toBeVisible();
        await expect(panel).toHaveCount(0);
      }
    });
  }
});

describe("the web server's React", () => {
  test("renders with React's production build when NODE_ENV is unset, as `npm start` runs it, the API a development demo", async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const app = path.resolve(here, "../server/app.ts");
    const modes = path.resolve(here, "../../../scripts/modes.ts");
    const source = `
      (await import(${JSON.stringify(modes)})).npmStartModes();
      const { buildWebServer } = await import(${JSON.stringify(app)});
      const web = await buildWebServer();
      const { createRequire } = await import("node:module");
      // Run, not only read: Node reads both branches of React's index to learn their exports.
      const loaded = Object.entries(createRequire(import.meta.url).cache)
        .filter(([file, module]) => module?.loaded && /[\\/]react(-dom)?[\\/]cjs[\\/]/.test(file))
        .map(([file]) => file);
      console.log(JSON.stringify({ loaded, nodeEnv: process.env.NODE_ENV, appEnv: process.env.APP_ENV }));
      await web.close();
    `;
    const env = { ...process.env };
    delete env.NODE_ENV;
    delete env.APP_ENV;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", source], {
      env,
    });
    const { loaded, nodeEnv, appEnv } = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as {
      loaded: string[];
      nodeEnv: string;
      appEnv: string;
    };
    expect(loaded.some((file) => /react-dom-server\.node\.production\.js$/.test(file))).toBe(true);
    expect(loaded.filter((file) => /\.development\.js$/.test(file))).toEqual([]);
    expect({ nodeEnv, appEnv }).toEqual({ nodeEnv: "production", appEnv: "development" });
  });
});

describe("each web server's configuration", () => {
  /** A stand-in API whose short link `abc` leads to `target`. */
  async function shortLinkApi(target: string): Promise<{ url: string; close(): Promise<void> }> {
    const server = createServer((request, response) => {
      const found = request.url === "/api/v1/shortlinks/abc";
      response.writeHead(found ? 200 : 404, { "content-type": "application/json" });
      response.end(
        JSON.stringify(found ? { code: 200, data: { url: target } } : { code: 404, message: "No" }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  test("is its own: two in one process each reach the API they were given", async () => {
    const apis = await Promise.all([
      shortLinkApi("https://one.example/"),
      shortLinkApi("https://two.example/"),
    ]);
    const webs = await Promise.all(
      apis.map((api) => buildWebServer({ env: { ...process.env, API_INTERNAL_URL: api.url } })),
    );
    try {
      const targets = await Promise.all(
        webs.map(async (web) => (await web.inject({ url: "/o/abc" })).headers.location),
      );
      expect(targets).toEqual(["https://one.example/", "https://two.example/"]);
    } finally {
      await Promise.all([...webs, ...apis].map((app) => app.close()));
    }
  });

  test("lets no shared cache keep a marketing page drawn while its content failed", async () => {
    // A stand-in API that fails every call: the page still draws, its sections empty (spec §8).
    const failing = createServer((_request, response) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: 500, message: "down" }));
    });
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    const apiUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const web = await buildWebServer({ env: { ...process.env, API_INTERNAL_URL: apiUrl } });
    try {
      for (const url of ["/", "/services", "/?lang=en"]) {
        const page = await web.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers["cache-control"], url).toBe("private, no-cache");
      }
    } finally {
      await web.close();
      await new Promise((resolve) => failing.close(() => resolve(undefined)));
    }
    // The same pages drawn whole are shared (the running system's).
    for (const url of ["/", "/services"]) {
      const page = await fetch(new URL(url, baseUrl));
      expect(page.headers.get("cache-control"), url).toMatch(/^public, .*s-maxage=/);
    }
  });

  test("sets what its pages' CSP allows: its API's origin, Google's script hosts under reCAPTCHA", async () => {
    const cspOf = async (env: Record<string, string>) => {
      const web = await buildWebServer({ env: { ...process.env, ...env } });
      try {
        return String((await web.inject({ url: "/debug" })).headers["content-security-policy"]);
      } finally {
        await web.close();
      }
    };
    const plain = await cspOf({ API_BASE_URL: "", RECAPTCHA_SITE_KEY: "" });
    expect(plain).toMatch(/connect-src 'self';/);
    expect(plain).not.toContain("google");
    const configured = await cspOf({
      API_BASE_URL: "https://api.box.example/",
      RECAPTCHA_SITE_KEY: "site-key",
    });
    expect(configured).toMatch(
      /script-src 'self' 'nonce-[^']+' https:\/\/www\.google\.com https:\/\/www\.gstatic\.com;/,
    );
    expect(configured).toContain("connect-src 'self' https://api.box.example https://www.google.com");
  });

  test("is checked when the server starts: a bad variable stops it, named", async () => {
    await expect(buildWebServer({ env: { API_INTERNAL_URL: "api.internal" } })).rejects.toThrow(
      /Invalid web configuration:[\s\S]*API_INTERNAL_URL/,
    );
  });
});

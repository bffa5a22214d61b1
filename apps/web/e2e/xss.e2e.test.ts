import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import type { BrowserContext, Page } from "playwright-core";
import { PNG } from "pngjs";
import { freePort } from "../../../scripts/net.ts";
import { type Database, openDatabase } from "../../api/src/db/database.ts";
import { migrate } from "../../api/src/db/migrate.ts";
import { seedIfEmpty } from "../../api/src/db/seed/index.ts";
import { createScenario } from "../../api/src/demo/scenarios.ts";
// The marketing messages file, not `locales/en.ts`: Playwright's loader needs the import attribute on
// a JSON import, which that file (bundled by Vite) does not give.
import marketing from "../src/locales/en/marketing.json" with { type: "json" };
import { type Lang, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

/**
 * Known XSS payloads pushed through every field the server stores and a screen shows: package-form
 * names (sent through the API, and stored), locker names, addresses and descriptions (finder list,
 * map tooltips and popups, order and rent pages), banner and service HTML, the how-to texts of the
 * settings, guest-book fields, and query parameters a page reflects. Each payload, if it ever ran,
 * would call `__xss(…)` (a binding the test watches) or fetch the canary host; the page must also
 * raise no CSP violation (the policy would hide a payload that reached the DOM as markup) and hold no
 * live markup carrying one. Plain-text fields must show the payload as the text it is.
 *
 * Content that only the database holds is written before a separate system starts on its own data
 * directory; everything else goes in through the API as a visitor would send it.
 */

const canaryHost = "xss.canary.example";

/** Every payload at most 100 characters (the names' limit), each with its own marker id. */
const corpus = [
  `<script>__xss("script")</script>`,
  `<img src=x onerror=__xss("img-onerror")>`,
  `<svg onload=__xss("svg-onload")>`,
  `<svg><script>__xss("svg-script")</script></svg>`,
  `<a href="javascript:__xss('js-url')">js-url</a>`,
  `<a href="data:text/html,<script>__xss('data-url')</script>">data-url</a>`,
  `<iframe srcdoc="<script>parent.__xss('srcdoc')</script>"></iframe>`,
  `<div onmouseover="__xss('onmouseover')" onclick="__xss('onclick')">hover</div>`,
  `<details open ontoggle=__xss("ontoggle")>`,
  `<input autofocus onfocus=__xss("onfocus")>`,
  `<body onload=__xss("body-onload")>`,
  `" onmouseover="__xss('attr-break')" x="`,
  `'><img src=x onerror=__xss('quote-break')>`,
  `</textarea></title></style><script>__xss("close-break")</script>`,
  `<noscript><p title="</noscript><img src=x onerror=__xss('mxss-noscript')>">`,
  `<svg></p><style><a id="</style><img src=1 onerror=__xss('mxss-style')>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=__xss('mxss-math')>`,
  `<form><button formaction="javascript:__xss('formaction')">go</button></form>`,
  `<object data="javascript:__xss('object')"></object>`,
  `<embed src="javascript:__xss('embed')">`,
  `<base href="https://${canaryHost}/base/">`,
  `<img src="https://${canaryHost}/img.png">`,
  `<link rel=stylesheet href="https://${canaryHost}/css">`,
  `{{constructor.constructor('__xss("template")')()}}`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is a template-literal injection
  "${__xss('template-literal')}",
  `\\u003cimg src=x onerror=__xss('unicode-escape')\\u003e`,
  `＜script＞__xss('fullwidth')＜/script＞`,
  `<scr<script>ipt>__xss("nested")</scr</script>ipt>`,
  `<IMG SRC=JaVaScRiPt:__xss('case')>`,
];

/** Everything at once, for fields whose whole value is shown as text. */
const allPayloads = corpus.join(" ");

interface Watch {
  fired: string[];
  canary: string[];
  /** The script sources of the last page's policy (`'nonce-…'`, `'sha256-…'`). */
  scriptSources: string[];
}

/** Records marker calls, canary requests and CSP violations for every page of a context. */
async function watchContext(context: BrowserContext): Promise<Watch> {
  const watch: Watch = { fired: [], canary: [], scriptSources: [] };
  context.on("response", (response) => {
    if (!response.request().isNavigationRequest()) return;
    const policy = response.headers()["content-security-policy"] ?? "";
    watch.scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
  });
  await context.exposeFunction("__xss", (marker: unknown) => {
    watch.fired.push(String(marker));
  });
  await context.addInitScript(() => {
    const record = window as unknown as { __cspViolations: string[] };
    record.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      record.__cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on("request", (request) => {
    if (new URL(request.url()).hostname === canaryHost) watch.canary.push(request.url());
  });
  return watch;
}

/** Markup on the page that carries a payload live: handlers, script, dangerous URLs, frames. */
async function liveMarkup(page: Page, watch: Watch): Promise<string[]> {
  const { found, inline } = await page.evaluate(() => {
    const found: string[] = [];
    // Inline scripts with a payload in their text and no nonce: the app's own only if the page's
    // policy names them by hash (a page a shared cache keeps, ADR 021), checked below.
    const inline: string[] = [];
    const urlAttributes = /^(href|src|action|formaction|data|srcdoc|xlink:href|background|poster)$/i;
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll("*")) {
        for (const attribute of element.attributes) {
          const carries = /__xss|xss\.canary/i.test(attribute.value);
          if (/^on/i.test(attribute.name) && carries) found.push(`${element.tagName} ${attribute.name}`);
          // A form posts back to the page's own address, its query included (React Router's
          // `<Form>`): a payload there is an encoded parameter of this site, not a URL to load.
          const ownAction =
            element.tagName === "FORM" &&
            attribute.name === "action" &&
            new URL(attribute.value, location.href).origin === location.origin;
          if (
            urlAttributes.test(attribute.name) &&
            ((carries && !ownAction) || /^\s*(javascript|vbscript):/i.test(attribute.value))
          )
            found.push(`${element.tagName} ${attribute.name}=${attribute.value.slice(0, 60)}`);
          if (attribute.name === "srcdoc") found.push(`${element.tagName} srcdoc`);
        }
        // The app's own scripts carry the nonce (loader data holds payloads as escaped JSON strings).
        const own = element instanceof HTMLScriptElement && element.nonce !== "";
        if (
          /^(SCRIPT|STYLE)$/.test(element.tagName) &&
          !own &&
          /__xss|xss\.canary/.test(element.textContent ?? "")
        ) {
          if (element instanceof HTMLScriptElement && !element.src) inline.push(element.textContent ?? "");
          else found.push(`${element.tagName} with a payload`);
        }
        if (/^(OBJECT|EMBED|BASE)$/.test(element.tagName)) found.push(element.tagName);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return { found, inline };
  });
  for (const text of inline) {
    const hash = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    if (!watch.scriptSources.includes(hash)) found.push("SCRIPT with a payload");
  }
  return found;
}

async function expectInert(page: Page, watch: Watch, where: string): Promise<void> {
  // Give handlers, timers and image loads a moment to fire, if any were live.
  await page.waitForTimeout(300);
  // DOMPurify parses what it cleans in an inert document that shares the page's policy: Chromium
  // reports the handlers and <base> it meets there, though nothing runs and DOMPurify drops them.
  const violations = (
    await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
  ).filter((violation) => !/\/assets\/sanitize-[\w-]+\.js:/.test(violation));
  expect(
    { fired: watch.fired, canary: watch.canary, violations, live: await liveMarkup(page, watch) },
    `${where}: a payload ran, fetched the canary, or reached the DOM as markup`,
  ).toEqual({ fired: [], canary: [], violations: [], live: [] });
}

/** The visible text holds the payloads as text (React escapes, nothing is dropped or decoded). */
async function expectShownAsText(page: Page, where: string, payloads: string[]): Promise<void> {
  const text = () =>
    page.evaluate(() =>
      [
        document.body.innerText,
        ...[...document.querySelectorAll("input, textarea")].map(
          (field) => (field as HTMLInputElement).value,
        ),
      ].join("\n"),
    );
  for (const payload of payloads) await expect.poll(text, `${where} shows ${payload}`).toContain(payload);
}

/* ------------------------------------------------------------------ the system with poisoned data */

let origin = "";
let dataDir = "";
let close: (() => Promise<void>) | undefined;
const records: Record<string, string> = {};

/** Writes the payloads into content only the database holds (lockers, banners, services, texts). */
async function poison(db: Database, port: number): Promise<void> {
  const context = { origin: `http://localhost:${port}`, dropoff: { freeDays: 2, linkDays: 9 } };
  for (const scenario of ["dropoff-in-store", "dropoff-overdue-need-to-pay", "package-form"] as const) {
    records[scenario] = (await createScenario(db, scenario, context)).url;
  }
  for (const language of ["id", "en"] as const) {
    records[`rent-in-store-${language}`] = (
      await createScenario(db, "rent-in-store", { ...context, language })
    ).url;
  }
  await db.query(
    `update orders set sender_name = $1, recipient_name = $1 where sender_name <> '' or recipient_name <> ''`,
    [allPayloads],
  );
  await db.query(`update dropoff_packages set sender_name = $1, recipient_name = $1`, [allPayloads]);
  await db.query(
    `update boxes set name = 'Loker ' || id || ' ' || $1, address = $1, area = $1, description = $1,
       description_bahasa = $1, operational_hour = $1, operational_hour_bahasa = $1`,
    [allPayloads],
  );
  // One banner and one service per payload and language, so no payload hides another.
  for (const table of ["banners", "services"] as const) {
    const field = table === "banners" ? "sub_heading" : "description";
    const title = table === "banners" ? "header" : "title";
    for (const language of ["id", "en"] as const) {
      const [template] = await db.query<{ data: Record<string, unknown> }>(
        `select data from ${table} where language = $1 order by position limit 1`,
        [language],
      );
      await db.query(`delete from ${table} where language = $1`, [language]);
      for (const [position, payload] of corpus.entries()) {
        const data = {
          ...template!.data,
          [field]: `<p>Payload ${position}: ${payload}</p>`,
          [title]: payload,
        };
        if (table === "banners") {
          await db.query("insert into banners (language, position, data) values ($1, $2, $3)", [
            language,
            position,
            data,
          ]);
        } else {
          await db.query("insert into services (language, position, slug, data) values ($1, $2, $3, $4)", [
            language,
            position,
            `payload-${position}`,
            { ...data, slug: `payload-${position}` },
          ]);
        }
      }
    }
  }
  // The how-to and attention texts of the order and rent screens ({{door_number}} is filled in).
  const texts = await db.query<{ name: string }>("select name from settings where grp = 'paxelbox_content'");
  for (const [index, { name }] of texts.entries()) {
    const html = corpus
      .map((payload, position) => (position % texts.length === index ? `<p>${payload}</p>` : ""))
      .join("");
    await db.query("update settings set value = $1 where grp = 'paxelbox_content' and name = $2", [
      { title: corpus[index], title_bahasa: corpus[index], description: html, description_bahasa: html },
      name,
    ]);
  }
}

// One poisoned system for the file, read back by its last test: the tests run in order, in one worker.
describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(path.join(tmpdir(), "paxelbox-xss-"));
  const port = await freePort();
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await seedIfEmpty(db);
  await poison(db, port);
  await db.close();
  const { startSystem } = await import("../../../scripts/system.ts");
  const system = await startSystem({
    port,
    quiet: true,
    env: { DATA_DIR: dataDir, NODE_ENV: "test", RATE_LIMIT_FACTOR: "50" },
  });
  origin = system.url;
  close = system.close;
});

test.afterAll(async () => {
  await close?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/* ------------------------------------------------------------------ the screens */

const screens: [ViewportName, Lang][] = [
  ["desktop", "id"],
  ["desktop", "en"],
  ["mobile", "id"],
];

for (const [viewport, lang] of screens)
  describe(`stored payloads stay text at ${viewport} in ${lang}`, () => {
    test.use({ visitor: { viewport, language: lang } });

    test("landing: banner, service cards, locker finder list, map tooltips and popups", async ({
      context,
      page,
    }) => {
      const watch = await watchContext(context);
      await visit(page, `${origin}/`);
      await expectInert(page, watch, "landing");
      const items = page.locator('[data-testid="finder-item"]');
      await items.first().waitFor();
      await expectShownAsText(page, "finder", [corpus[1]!, corpus[24]!]);
      // The map (Leaflet, mounted near the viewport): markers' tooltips (hover) and popups (click).
      await page.locator('[data-testid="locker-finder"] section').last().scrollIntoViewIfNeeded();
      const markers = page.locator('[data-testid="finder-map"] path.leaflet-interactive');
      await markers.first().waitFor({ timeout: 15_000 });
      for (let index = 0; index < Math.min(await markers.count(), 3); index++) {
        const tooltip = page.locator(".leaflet-tooltip").first();
        // The map may still be settling (tiles, fitBounds) when the pointer arrives, so the first
        // hover can land beside the marker: leave and hover again until Leaflet opens the tooltip.
        await expect(async () => {
          await page.mouse.move(0, 0);
          await markers.nth(index).hover({ force: true, timeout: 2_000 });
          await tooltip.waitFor({ state: "attached", timeout: 1_000 });
        }).toPass({ timeout: 15_000, intervals: [250] });
        await expect(tooltip, `map tooltip ${index}`).toContainText(corpus[1]!, {
          useInnerText: true,
          timeout: 5_000,
        });
        await expectInert(page, watch, `map tooltip ${index}`);
      }
      await items.first().locator('[data-testid="finder-show"]').click({ timeout: 5_000 });
      await page.locator(".leaflet-popup-content").waitFor({ timeout: 5_000 });
      await expectInert(page, watch, "finder map");
      await expect(page.locator(".leaflet-popup-content")).toContainText(corpus[1]!, {
        useInnerText: true,
        timeout: 5_000,
      });
    });

    test("services: every banner and service description, sanitised", async ({ context, page }) => {
      const watch = await watchContext(context);
      await visit(page, `${origin}/services`);
      await expectInert(page, watch, "services");
      // Each item still renders (its safe text survives the sanitiser).
      for (const position of corpus.keys())
        await expect(page.locator("body")).toContainText(`Payload ${position}:`, { useInnerText: true });
    });

    test("drop-off order page and overdue page: names, locker texts, how-to texts", async ({
      context,
      page,
    }) => {
      const watch = await watchContext(context);
      await visit(page, `${origin}${records["dropoff-in-store"]}`);
      await page.locator('[data-testid="order-screen"]').waitFor();
      await page.locator('[data-testid="order-how-to"] summary').click();
      await expectInert(page, watch, "order page");
      await expectShownAsText(page, "order page", [allPayloads.slice(0, 200)]);

      await visit(page, `${origin}${records["dropoff-overdue-need-to-pay"]}`);
      await page.getByText(corpus[0]!, { exact: false }).first().waitFor();
      await expectInert(page, watch, "overdue page");
    });

    test("rent status in the web view: locker texts and instructions", async ({ context, page }) => {
      const watch = await watchContext(context);
      await visit(page, `${origin}${records[`rent-in-store-${lang}`]}`);
      await page.getByText(corpus[2]!, { exact: false }).first().waitFor();
      await expectInert(page, watch, "rent status");
    });

    // Five page loads: on a loaded 2-core runner that takes longer than the default 30 s.
    test("query parameters a page shows: package form locker name, 404 path, language", async ({
      context,
      page,
    }) => {
      test.setTimeout(90_000);
      const watch = await watchContext(context);
      const packageUrl = new URL(records["package-form"]!, origin);
      packageUrl.searchParams.set("name", corpus[1]!);
      await visit(page, packageUrl.toString());
      await expectInert(page, watch, "package form");
      await expectShownAsText(page, "package form", [corpus[1]!]);

      for (const probe of [
        `/${encodeURIComponent(corpus[0]!)}`,
        `/?lang=${encodeURIComponent(corpus[1]!)}`,
        `/order?orderid=1&token=${encodeURIComponent(corpus[2]!)}`,
        `/o/${encodeURIComponent(corpus[13]!)}`,
      ]) {
        await page.goto(`${origin}${probe}`, { waitUntil: "domcontentloaded" });
        await page
          .waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
          .catch(() => {});
        await expectInert(page, watch, probe);
      }
    });
  });

/* ------------------------------------------------------------------ entered by visitors */

function photoDataUrl(): string {
  const png = new PNG({ width: 32, height: 24 });
  png.data.fill(200);
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

/** Sends a drop-off parcel through the API and stores it at the kiosk; returns the recipient's link. */
async function dropOff(senderName: string, recipientName: string): Promise<string> {
  const boxId = Number(new URL(records["package-form"]!, origin).searchParams.get("boxId"));
  const response = await fetch(`${origin}/api/v1/dropoff/packages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      takeUserPhoneNumber: "081234567890",
      box: { id: boxId },
      mouth: { mouthType: { name: "M" } },
      photo: photoDataUrl(),
      recipientName,
      senderName,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const image = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? "";
  const stored = await fetch(`${origin}/api/demo/kiosk/scan`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code, boxId }),
  });
  const body = (await stored.json()) as { data?: { recipientLink?: string } };
  expect(stored.status, JSON.stringify(body)).toBe(200);
  return body.data?.recipientLink ?? "";
}

describe("payloads entered by visitors", () => {
  test("package-form names through the API: stored as sent, shown as text on the order page (mobile, id)", async ({
    open,
  }) => {
    const pairs = [
      [corpus[1]!, corpus[0]!],
      [corpus[23]!, corpus[15]!],
    ] as const;
    const { context, page } = await open({ viewport: "mobile", language: "id" });
    const watch = await watchContext(context);
    for (const [sender, recipient] of pairs) {
      const link = await dropOff(sender, recipient);
      const token = new URL(link, origin).searchParams.get("token");
      const detail = await fetch(
        `${origin}/api/v1/dropoff/overdue/${new URL(link, origin).searchParams.get("orderid")}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(await detail.json()).toMatchObject({ data: { senderName: sender, recipientName: recipient } });
      await visit(page, `${origin}${link}`);
      await page.locator('[data-testid="order-screen"]').waitFor();
      await expectInert(page, watch, `order page of ${recipient}`);
      await expectShownAsText(page, "order page", [recipient]);
    }
  });

  test("guest-book fields: sent through the form, stored as text, shown on no screen (desktop, en)", async ({
    open,
  }) => {
    test.setTimeout(60_000);
    const m = marketing.guestBook;
    const { context, page } = await open({ viewport: "desktop", language: "en" });
    const watch = await watchContext(context);
    await visit(page, `${origin}/guest-book?business_type=Business`);
    await page.getByLabel(m.senderName, { exact: true }).fill(corpus[1]!);
    await page.getByLabel(m.senderContact, { exact: true }).fill("0812-3456-7890");
    await page.getByLabel(m.emailAddress, { exact: true }).fill("budi@example.com");
    await page.locator('input[name="purpose"][value="paxelbox_locker"]').check();
    await page.getByLabel(m.message, { exact: true }).fill(allPayloads);
    await page.locator('input[name="term_check"]').check();
    await page.locator("altcha-widget").waitFor({ state: "attached" });
    await page.locator('[data-testid="guest-book-submit"]').click();
    await page.waitForURL(`${origin}/guest-book/submitted`, { timeout: 30_000 });
    await expectInert(page, watch, "guest book submitted");
  });
});

describe("what the database holds afterwards", () => {
  test("keeps every payload verbatim (escaping happens where it is shown)", async () => {
    await close?.();
    close = undefined;
    const db = await openDatabase({ dataDir });
    const [guest] = await db.query<{ sender_name: string; message: string }>(
      "select sender_name, message from guest_book_submissions order by id desc limit 1",
    );
    expect(guest).toEqual({ sender_name: corpus[1], message: allPayloads });
    const names = await db.query<{ sender_name: string }>(
      "select sender_name from dropoff_packages where sender_name = any($1)",
      [[corpus[1], corpus[23]]],
    );
    expect(names.length).toBe(2);
    await db.close();
  });
});

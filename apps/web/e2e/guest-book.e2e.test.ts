import type { Page, Request } from "playwright-core";
import en from "../src/locales/en.ts";
import id from "../src/locales/id.ts";
import {
  baseUrl,
  holdScripts,
  hydrated,
  type Lang,
  type ViewportName,
  visit,
  watchRequests,
} from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";

/**
 * The partnership guest book (spec §5, §8): every validation message, trimming and digit
 * stripping, nothing sent with an error, a real send with the ALTCHA widget solving its
 * proof of work and the white paper download, and the error popups.
 */

const messages = { id, en } as const;
const sendPath = "**/api/v1/guest-book";
const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["mobile", "en"],
  ["desktop", "id"],
  ["desktop", "en"],
];

const errorLocator = (page: Page, field: string) =>
  page.locator(`[data-field="${field}"] [data-testid="field-error"]`);

/** Sends to the guest-book call seen by the page. */
function watchSends(page: Page): Request[] {
  const sends: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/guest-book")
      sends.push(request);
  });
  return sends;
}

/** Each field of the multipart send carries exactly its value. */
function expectSent(body: string, fields: [field: string, value: string][]) {
  for (const [field, value] of fields) {
    expect(body, field).toMatch(new RegExp(`name="${field}"\\r\\n\\r\\n${value}\\r\\n`));
  }
}

/** What `fillValid` enters, as the send carries it: trimmed, the phone's dashes gone. */
const filledAsSent: [field: string, value: string][] = [
  ["sender_name", "Budi Santoso"],
  ["sender_contact", "081234567890"],
  ["sender_email", "budi@example.com"],
  ["requested_value", "paxelbox_locker"],
];

async function fillValid(page: Page, lang: Lang) {
  const t = messages[lang].marketing.guestBook;
  await page.getByLabel(t.senderName, { exact: true }).fill("  Budi Santoso  ");
  await page.getByLabel(t.senderContact, { exact: true }).fill("0812-3456-7890");
  await page.getByLabel(t.emailAddress, { exact: true }).fill(" budi@example.com ");
  await page.locator('input[name="purpose"][value="paxelbox_locker"]').check();
  await page
    .getByLabel(t.message, { exact: true })
    .fill("  Kami ingin memasang loker di gedung kantor kami.  ");
  await page.locator('input[name="term_check"]').check();
}

describe.each(combos)("guest-book validation at %s in %s", (viewport, lang) => {
  const m = messages[lang].marketing.guestBook;

  it("shows every spec §5 message, touches all fields, scrolls to the top and sends nothing", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const sends = watchSends(page);
    await visit(page, "/guest-book?business_type=Business");
    expect(await page.locator('[data-testid="business-type"]').textContent()).toContain("Business");

    const submit = page.locator('[data-testid="guest-book-submit"]');
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    await expect
      .poll(() => errorLocator(page, "sender_name").textContent())
      .toBe(m.errors.senderNameRequired);
    expect(await errorLocator(page, "sender_contact").textContent()).toBe(m.errors.senderContactRequired);
    expect(await errorLocator(page, "email_address").textContent()).toBe(m.errors.emailRequired);
    expect(await errorLocator(page, "purpose").textContent()).toBe(m.errors.purposeRequired);
    expect(await errorLocator(page, "message").textContent()).toBe(m.errors.messageRequired);
    expect(await errorLocator(page, "term_check").textContent()).toBe(m.errors.termRequired);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("sender_name");
    expect(sends).toHaveLength(0);
    // The field rules below are the same everywhere: checked at one viewport per language.
    if (viewport === (lang === "id" ? "desktop" : "mobile")) {
      expect(errors).toEqual([]);
      return;
    }

    // Phone: digits only while typing, then the format rule.
    const phone = page.getByLabel(m.senderContact, { exact: true });
    await phone.fill("");
    await phone.pressSequentially("08a1-2 3+4");
    expect(await phone.inputValue()).toBe("081234");
    await expect
      .poll(() => errorLocator(page, "sender_contact").textContent())
      .toBe(m.errors.senderContactFormat);
    await phone.fill("712345678");
    await expect
      .poll(() => errorLocator(page, "sender_contact").textContent())
      .toBe(m.errors.senderContactFormat);
    await phone.fill("6281234567");
    await expect.poll(() => errorLocator(page, "sender_contact").count()).toBe(0);

    const email = page.getByLabel(m.emailAddress, { exact: true });
    await email.fill("budi@");
    await expect.poll(() => errorLocator(page, "email_address").textContent()).toBe(m.errors.emailInvalid);

    // Spaces only count as empty, and texts are trimmed when leaving the field.
    const name = page.getByLabel(m.senderName, { exact: true });
    await name.fill("   ");
    await expect
      .poll(() => errorLocator(page, "sender_name").textContent())
      .toBe(m.errors.senderNameRequired);
    await name.fill("  Sari  ");
    await name.blur();
    expect(await name.inputValue()).toBe("Sari");
    expect(await page.getByLabel(m.message, { exact: true }).getAttribute("rows")).toBe("5");

    await submit.click();
    // A fixed wait: nothing marks "no request was sent"; one would leave within this time.
    await page.waitForTimeout(200);
    expect(sends).toHaveLength(0);
    expect(errors).toEqual([]);
  });
});

describe.each(combos)("guest-book before hydration at %s in %s", (viewport, lang) => {
  it("sends what the visitor filled in before the page could answer, the chosen purpose included", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const sends = watchSends(page);
    const release = await holdScripts(page);
    await page.goto("/guest-book?business_type=Business", { waitUntil: "domcontentloaded" });
    await fillValid(page, lang);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    release();
    await hydrated(page);
    expect(await page.locator('input[name="purpose"][value="paxelbox_locker"]').isChecked()).toBe(true);
    expect(await page.locator('input[name="term_check"]').isChecked()).toBe(true);

    await page.locator('[data-testid="guest-book-submit"]').click();
    await page.waitForURL(`${baseUrl}/guest-book/submitted`, { timeout: 30_000 });
    expect(sends).toHaveLength(1);
    const body = sends[0]?.postData() ?? "";
    // Trimmed, and the phone's dashes gone, as if it had all been typed into the running page.
    expectSent(body, filledAsSent);
    expect(errors).toEqual([]);
  });
});

describe("guest-book send", () => {
  for (const [viewport, lang, type] of [
    ["mobile", "id", "Individu"],
    ["desktop", "en", "Business"],
  ] as [ViewportName, Lang, string][]) {
    it(`sends with a solved ALTCHA and starts the white paper download (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const sends = watchSends(page);
      await visit(page, `/guest-book?business_type=${type}`);
      await fillValid(page, lang);
      await page.locator("altcha-widget").waitFor({ state: "attached" });
      const download = page.waitForEvent("download", { timeout: 30_000 });
      await page.locator('[data-testid="guest-book-submit"]').click();
      await page.waitForURL(`${baseUrl}/guest-book/submitted`, { timeout: 30_000 });
      const file = await download;
      expect(file.suggestedFilename()).toBe("paxelbox-partnership.pdf");
      expect(file.url()).toBe(`${baseUrl}/api/v1/white-papers/paxelbox-partnership.pdf`);

      expect(sends).toHaveLength(1);
      const body = sends[0]?.postData() ?? "";
      expectSent(body, [...filledAsSent, ["message", "Kami ingin memasang loker di gedung kantor kami."]]);
      // The business type stays on the form but is not sent (spec §3).
      expect(body).not.toContain('name="business_type"');
      expect(body).toMatch(/name="token"\r\n\r\n[A-Za-z0-9+/=]{40,}\r\n/);

      const t = messages[lang];
      expect(await page.locator("main h1").textContent()).toBe(t.screens.guestBookSubmitted.title);
      expect(await page.locator('[data-testid="guest-book-submitted"]').textContent()).toContain(
        t.marketing.submitted.line,
      );
      await page.locator('[data-testid="back-home"]').click();
      await page.waitForURL(`${baseUrl}/`);
      expect(errors).toEqual([]);
    });
  }

  it("shows the server's message, else the generic one, under 'Oops...'; the overlay clears after 3 s", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport: "desktop", language: "en" });
    let answer: { status: number; body: object; delayMs?: number } = {
      status: 500,
      body: { code: 500, message: "The guest book is closed for maintenance." },
      delayMs: 3600,
    };
    await page.route(sendPath, async (route) => {
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      await route.fulfill({
        status: answer.status,
        contentType: "application/json",
        body: JSON.stringify(answer.body),
      });
    });
    await visit(page, "/guest-book?business_type=Business");
    await fillValid(page, "en");
    const submit = page.locator('[data-testid="guest-book-submit"]');
    await submit.click();
    const overlay = page.locator('[data-testid="loading-overlay"]');
    await overlay.waitFor();
    const shown = Date.now();
    await overlay.waitFor({ state: "detached", timeout: 5000 });
    expect(Date.now() - shown).toBeGreaterThan(2500);
    const dialog = page.locator('[data-testid="error-dialog"]');
    await expect.poll(() => dialog.locator("h2").textContent(), { timeout: 5000 }).toBe("Oops...");
    expect(await dialog.locator("p").textContent()).toBe("The guest book is closed for maintenance.");
    await dialog.getByRole("button").click();

    answer = { status: 503, body: { code: 503, message: "" } };
    await submit.click();
    await expect
      .poll(() => dialog.locator("p").textContent(), { timeout: 20_000 })
      .toBe(en.errors.serverError);
    expect(page.url()).toBe(`${baseUrl}/guest-book?business_type=Business`);
    expect(errors.filter((error) => !/status of 50[03]/.test(error))).toEqual([]);
  });

  it("shows 'Recaptcha Error: ' + the generic message when the captcha fails or cannot be had", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport: "mobile", language: "id" });
    const sends = watchSends(page);
    await page.route(sendPath, (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          code: 400,
          message: "The captcha check failed. Please try again.",
          data: { reason: "captcha" },
        }),
      }),
    );
    await visit(page, "/guest-book?business_type=Individu");
    await fillValid(page, "id");
    await page.locator('[data-testid="guest-book-submit"]').click();
    const dialog = page.locator('[data-testid="error-dialog"]');
    const expected = `Recaptcha Error: ${id.errors.serverError}`;
    await expect.poll(() => dialog.locator("p").textContent(), { timeout: 20_000 }).toBe(expected);
    expect(await dialog.locator("h2").textContent()).toBe("Oops...");
    await dialog.getByRole("button").click();
    expect(sends).toHaveLength(1);

    // No captcha to be had at all (its setup fails): the same popup, and nothing is sent.
    await page.route("**/api/v1/captcha", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"code":503,"message":"down"}' }),
    );
    await page.reload();
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await fillValid(page, "id");
    await page.locator('[data-testid="guest-book-submit"]').click();
    await expect.poll(() => dialog.locator("p").textContent(), { timeout: 10_000 }).toBe(expected);
    expect(sends).toHaveLength(1);
    expect(errors.filter((error) => !/status of (400|503)/.test(error))).toEqual([]);
  });
});

/**
 * The captcha and the guest book's validation runtime load when the visitor starts the form (a
 * focus or a tap in it, or the widget's place nearing the screen), not with the page (ADR 026): a
 * visitor who only reads the page never loads the ALTCHA widget.
 */
describe.each(combos)("guest-book form and captcha on demand at %s in %s", (viewport, lang) => {
  const m = messages[lang].marketing.guestBook;
  const captchaAsked = (urls: string[]) =>
    urls.filter((url) => new URL(url).pathname === "/api/v1/captcha" || /\/altcha-[\w-]+\.js$/.test(url));

  it("keeps the server's form until its first use; the live form then takes over mid-word", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const requests = watchRequests(page, ["script", "stylesheet"]);
    await visit(page, "/guest-book?business_type=Individu");
    await hydrated(page);
    await requests.quiet(1500);
    const loadedWithThePage = requests.urls.length;
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    // The page's code runs, so the server's Send can be pressed (the next test).
    const submit = page.locator('[data-testid="guest-book-submit"]');
    expect(await submit.isDisabled()).toBe(false);

    // Typed key by key while the form's code arrives: the live form takes the copy's place with the
    // focus and caret where they were, so not a letter is lost or out of place.
    const name = page.getByLabel(m.senderName, { exact: true });
    await name.focus();
    await name.pressSequentially("Budi Santoso", { delay: 20 });
    await expect.poll(() => page.locator('[data-testid="captcha"][data-status="idle"]').count()).toBe(0);
    expect(await name.inputValue()).toBe("Budi Santoso");
    expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    const loaded = requests.urls.slice(loadedWithThePage).map((url) => new URL(url).pathname);
    expect(loaded.filter((path) => path.endsWith(".js")).length).toBeGreaterThan(0);
    // Its stylesheets were the page's from the first paint (the module loader may ask again for one
    // the page links, from the cache).
    expect(loaded.filter((path) => path.endsWith(".css") && !linked.includes(path))).toEqual([]);
    expect(await page.locator('[data-testid="guest-book-form"]').count()).toBe(1);
    await name.fill("");
    await submit.click();
    await expect
      .poll(() => errorLocator(page, "sender_name").textContent())
      .toBe(m.errors.senderNameRequired);
    expect(errors).toEqual([]);
  });

  it("carries out a Send pressed before the form's code has arrived, on the page", async ({ open }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const requests = watchRequests(page, ["script"]);
    // The form's code arrives late: every script asked for once the page is quiet is held, so the
    // press comes while it is on its way.
    let holding = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js$/, async (route) => {
      if (holding) await held;
      await route.continue();
    });
    await visit(page, "/guest-book?business_type=Individu");
    await hydrated(page);
    await requests.quiet(1500);
    holding = true;
    const loadedWithThePage = requests.urls.length;
    const address = page.url();
    await page.locator('[data-testid="guest-book-submit"]').click();
    // The press started the form's code, and the browser did not send the form itself (that would
    // leave the page with the fields in its address).
    await expect.poll(() => requests.urls.length).toBeGreaterThan(loadedWithThePage);
    expect(await errorLocator(page, "sender_name").count()).toBe(0);
    release();
    await expect
      .poll(() => errorLocator(page, "sender_name").textContent(), { timeout: 15_000 })
      .toBe(m.errors.senderNameRequired);
    expect(page.url()).toBe(address);
    expect(errors).toEqual([]);
  });

  it("shows the form in the other language after a switch before its first use, and it works", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const other: Lang = lang === "id" ? "en" : "id";
    const o = messages[other].marketing.guestBook;
    await visit(page, "/guest-book?business_type=Individu");
    await hydrated(page);
    const switcher = page.locator(`[data-testid="public-header"] button[data-language="${other}"]`);
    if (!(await switcher.isVisible())) await page.locator('[data-testid="menu-toggle"]').click();
    await page.locator(`button[data-language="${other}"]:visible`).first().click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(other);
    const name = page.getByLabel(o.senderName, { exact: true });
    await expect.poll(() => name.count(), { timeout: 15_000 }).toBe(1);
    await name.fill("Budi Santoso");
    await page.locator('[data-testid="guest-book-submit"]').click();
    await expect
      .poll(() => errorLocator(page, "sender_contact").textContent(), { timeout: 15_000 })
      .toBe(o.errors.senderContactRequired);
    expect(await name.inputValue()).toBe("Budi Santoso");
    expect(errors).toEqual([]);
  });

  it("loads nothing of the captcha until the visitor starts the form, then shows the widget", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const requests = watchRequests(page, ["script", "fetch"]);
    await visit(page, "/guest-book?business_type=Individu");
    await requests.quiet(1500);
    expect(captchaAsked(requests.urls)).toEqual([]);
    const captcha = page.locator('[data-testid="captcha"]');
    expect(await captcha.getAttribute("data-status")).toBe("idle");
    expect(await captcha.textContent()).toContain(m.captchaLoading);

    await page.getByLabel(m.senderName, { exact: true }).focus();
    await expect.poll(() => captcha.getAttribute("data-status"), { timeout: 15_000 }).toBe("ready");
    await page.locator("altcha-widget").waitFor({ state: "attached" });
    expect(captchaAsked(requests.urls).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it("starts it for a visitor who scrolls down to it, and for one who typed before the page could answer", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    await visit(page, "/guest-book?business_type=Individu");
    const captcha = page.locator('[data-testid="captcha"]');
    await captcha.scrollIntoViewIfNeeded();
    await expect.poll(() => captcha.getAttribute("data-status"), { timeout: 15_000 }).toBe("ready");

    // Typed into the server's HTML while the scripts were still on their way (at the top of the
    // page, the widget's place far from the screen).
    await page.evaluate(() => window.scrollTo(0, 0));
    const release = await holdScripts(page);
    await page.goto("/guest-book?business_type=Individu", { waitUntil: "domcontentloaded" });
    const name = page.getByLabel(m.senderName, { exact: true });
    await name.pressSequentially("Budi");
    await name.blur();
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    release();
    await hydrated(page);
    await expect.poll(() => captcha.getAttribute("data-status"), { timeout: 15_000 }).toBe("ready");
    expect(await name.inputValue()).toBe("Budi");
    expect(errors).toEqual([]);
  });
});

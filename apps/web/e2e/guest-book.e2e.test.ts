import type { Page, Request } from "playwright-core";
// The messages' own files, not `locales/*.ts`: Playwright's loader needs the import attribute on a
// JSON import, which those files (bundled by Vite) do not give.
import enChrome from "../src/locales/en/chrome.json" with { type: "json" };
import enMarketing from "../src/locales/en/marketing.json" with { type: "json" };
import enShell from "../src/locales/en/shell.json" with { type: "json" };
import idChrome from "../src/locales/id/chrome.json" with { type: "json" };
import idMarketing from "../src/locales/id/marketing.json" with { type: "json" };
import idShell from "../src/locales/id/shell.json" with { type: "json" };
import {
  baseUrl,
  desktopEn,
  holdScripts,
  hydrated,
  isScript,
  type Lang,
  phoneAndDesktop,
  phoneEn,
  phoneId,
  type ViewportName,
  visit,
  watchRequests,
} from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { fillGuestBook, sendGuestBook } from "./support/journeys.ts";

/**
 * The partnership guest book (spec §5, §8): a `<Form method="post">` whose route action decides.
 * With the page's script: every validation message, trimming and digit stripping, nothing posted
 * with an error, a real send with the ALTCHA widget solving its proof of work and the white paper
 * download, the error popups. Without a script: the action's messages in the page's language, every
 * field kept, and the note that the captcha needs a script. With the scripts held back: what the
 * visitor typed and sent is kept, and the send completes once they arrive. The confirmation opens
 * only after a send.
 */

const messages = {
  id: { marketing: idMarketing, screens: idChrome.screens, errors: idShell.errors },
  en: { marketing: enMarketing, screens: enChrome.screens, errors: enShell.errors },
} as const;
const { id, en } = messages;
// Each step in both languages and at both sizes (the phone in Indonesian, the desktop in English):
// what a step checks depends on the language (the messages) or on the size (layout, scrolling).
const combos = phoneAndDesktop;
const $ = (page: Page, testId: string) => page.getByTestId(testId);
const errorLocator = (page: Page, field: string) =>
  page.locator(`[data-field="${field}"] [data-testid="field-error"]`);
const submitButton = (page: Page) => $(page, "guest-book-submit");

/**
 * The refused posts' answers (400) and stubbed failures, which the browser reports in its console;
 * anything else is a fault.
 */
const unexpected = (errors: string[], statuses = "400") =>
  errors.filter((error) => !new RegExp(`status of (${statuses})`).test(error));

/** Posts of the guest-book form: by the browser itself (`/guest-book`) or by the page's script (`.data`). */
function watchPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && (path === "/guest-book" || path === "/guest-book.data"))
      posts.push(request);
  });
  return posts;
}

const postedBy = (request: Request | undefined) =>
  new URL(request?.url() ?? baseUrl).pathname === "/guest-book.data" ? "script" : "browser";
const posted = (request: Request | undefined) => new URLSearchParams(request?.postData() ?? "");

/** What `fillGuestBook` entered, as the page's script posts it: trimmed, the phone's dashes gone. */
const filledAsPosted: [field: string, value: string][] = [
  ["sender_name", "Budi Santoso"],
  ["sender_contact", "081234567890"],
  ["email_address", "budi@example.com"],
  ["purpose", "paxelbox_locker"],
  ["message", "Kami ingin memasang loker di gedung kantor kami."],
  ["term_check", "on"],
];

/** Every field as the visitor left it (the texts as typed, before any script trimmed them). */
async function expectKept(page: Page, lang: Lang) {
  const t = messages[lang].marketing.guestBook;
  await expect(page.getByLabel(t.senderName, { exact: true })).toHaveValue("  Budi Santoso  ");
  // An e-mail field drops the spaces around its value itself.
  await expect(page.getByLabel(t.emailAddress, { exact: true })).toHaveValue("budi@example.com");
  await expect(page.getByLabel(t.message, { exact: true })).toHaveValue(
    "  Kami ingin memasang loker di gedung kantor kami.  ",
  );
  await expect(page.locator('input[name="purpose"][value="paxelbox_locker"]')).toBeChecked();
  await expect(page.locator('input[name="term_check"]')).toBeChecked();
}

for (const [viewport, lang] of combos)
  describe(`guest-book validation at ${viewport} in ${lang}`, () => {
    const m = messages[lang].marketing.guestBook;

    test("shows every spec §5 message, touches all fields, scrolls to the top and posts nothing", async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const posts = watchPosts(page);
      await visit(page, "/guest-book?business_type=Business");
      await expect($(page, "business-type")).toContainText("Business");

      const submit = submitButton(page);
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect(errorLocator(page, "sender_name")).toHaveText(m.errors.senderNameRequired);
      await expect(errorLocator(page, "sender_contact")).toHaveText(m.errors.senderContactRequired);
      await expect(errorLocator(page, "email_address")).toHaveText(m.errors.emailRequired);
      await expect(errorLocator(page, "purpose")).toHaveText(m.errors.purposeRequired);
      await expect(errorLocator(page, "message")).toHaveText(m.errors.messageRequired);
      await expect(errorLocator(page, "term_check")).toHaveText(m.errors.termRequired);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
        .toBe("sender_name");
      expect(posts).toHaveLength(0);
      // The field rules below are the same everywhere: checked at one viewport per language.
      if (viewport === (lang === "id" ? "desktop" : "mobile")) {
        expect(errors).toEqual([]);
        return;
      }

      // Phone: digits only while typing, then the format rule.
      const phone = page.getByLabel(m.senderContact, { exact: true });
      await phone.fill("");
      await phone.pressSequentially("08a1-2 3+4");
      await expect(phone).toHaveValue("081234");
      await expect(errorLocator(page, "sender_contact")).toHaveText(m.errors.senderContactFormat);
      await phone.fill("712345678");
      await expect(errorLocator(page, "sender_contact")).toHaveText(m.errors.senderContactFormat);
      await phone.fill("6281234567");
      await expect(errorLocator(page, "sender_contact")).toHaveCount(0);

      const email = page.getByLabel(m.emailAddress, { exact: true });
      await email.fill("budi@");
      await expect(errorLocator(page, "email_address")).toHaveText(m.errors.emailInvalid);

      // Spaces only count as empty, and texts are trimmed when leaving the field.
      const name = page.getByLabel(m.senderName, { exact: true });
      await name.fill("   ");
      await expect(errorLocator(page, "sender_name")).toHaveText(m.errors.senderNameRequired);
      await name.fill("  Sari  ");
      await name.blur();
      await expect(name).toHaveValue("Sari");
      await expect(page.getByLabel(m.message, { exact: true })).toHaveAttribute("rows", "5");

      await submit.click();
      // A fixed wait: nothing marks "no request was sent"; one would leave within this time.
      await page.waitForTimeout(200);
      expect(posts).toHaveLength(0);
      expect(errors).toEqual([]);
    });
  });

describe("guest-book taps as a field's message appears", () => {
  for (const [viewport, lang] of combos)
    test(`land where they were aimed: the next option, the terms, Send (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const m = messages[lang].marketing.guestBook;
      const posts = watchPosts(page);
      await visit(page, "/guest-book?business_type=Individu");
      await hydrated(page);
      // A finger on a phone, a mouse on the desktop.
      const press = (locator: ReturnType<Page["locator"]>) =>
        viewport === "mobile" ? locator.tap() : locator.click();

      // Leaving the email for the option below it: its message shows, and the option is chosen.
      await page.getByLabel(m.emailAddress, { exact: true }).fill("bad@");
      const option = page.locator('input[name="purpose"][value="paxelbox_locker"]');
      await press(option);
      await expect(errorLocator(page, "email_address")).toHaveText(m.errors.emailInvalid);
      await expect(option).toBeChecked();

      // Leaving an emptied message for the terms below it.
      const message = page.getByLabel(m.message, { exact: true });
      await message.fill("x");
      await message.fill("");
      const terms = page.locator('input[name="term_check"]');
      await press(terms);
      await expect(errorLocator(page, "message")).toHaveText(m.errors.messageRequired);
      await expect(terms).toBeChecked();

      // Send pressed from the emptied message: the whole form is checked and the page goes to the top.
      await message.fill("x");
      await message.fill("");
      await press(submitButton(page));
      await expect(errorLocator(page, "sender_name")).toHaveText(m.errors.senderNameRequired);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(posts).toHaveLength(0);
      expect(errors).toEqual([]);
    });
});

describe("guest-book send", () => {
  for (const [viewport, lang, type] of [
    ["mobile", "id", "Individu"],
    ["desktop", "en", "Business"],
  ] as [ViewportName, Lang, string][]) {
    test(`posts with a solved ALTCHA, opens the confirmation and starts the white paper download (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const posts = watchPosts(page);
      await visit(page, `/guest-book?business_type=${type}`);
      await fillGuestBook(page, lang);
      await page.locator("altcha-widget").waitFor({ state: "attached" });
      const download = page.waitForEvent("download", { timeout: 30_000 });
      await submitButton(page).click();
      await page.waitForURL(`${baseUrl}/guest-book/submitted`, { timeout: 30_000 });
      const file = await download;
      expect(file.suggestedFilename()).toBe("paxelbox-partnership.pdf");
      expect(file.url()).toBe(`${baseUrl}/api/v1/white-papers/paxelbox-partnership.pdf`);

      // One post, by the page's script, to the route action: the fields as the form keeps them and
      // the captcha's answer; the business type stays in the address, not in the form (spec §3).
      expect(posts).toHaveLength(1);
      expect(postedBy(posts[0])).toBe("script");
      const body = posted(posts[0]);
      for (const [field, value] of filledAsPosted) expect(body.get(field), field).toBe(value);
      expect(body.has("business_type")).toBe(false);
      expect(body.get("captcha")).toMatch(/^[A-Za-z0-9+/=]{40,}$/);

      const t = messages[lang];
      await expect(page.locator("main h1")).toHaveText(t.screens.guestBookSubmitted.title);
      await expect($(page, "guest-book-submitted")).toContainText(t.marketing.submitted.line);
      // The download starts once a send: a reloaded confirmation starts none when its scripts run,
      // so the one its link starts by hand is the only one.
      const downloads: string[] = [];
      page.on("download", (started) => downloads.push(started.url()));
      await page.reload();
      await hydrated(page);
      await expect($(page, "guest-book-submitted")).toContainText(t.marketing.submitted.line);
      const byHand = page.waitForEvent("download");
      await $(page, "white-paper-link").click();
      await byHand;
      expect(downloads).toEqual([file.url()]);
      await $(page, "back-home").click();
      await page.waitForURL(`${baseUrl}/`);
      expect(errors).toEqual([]);
    });
  }

  for (const [viewport, lang] of [phoneEn])
    test(`a send without signal says 'Oops...' with the spec's server-error text and keeps every field (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page } = await open({ viewport, language: lang });
      await visit(page, "/guest-book?business_type=Business");
      await fillGuestBook(page, lang);
      await page.locator("altcha-widget").waitFor({ state: "attached" });
      await page.context().setOffline(true);
      await submitButton(page).click();
      const dialog = $(page, "error-dialog");
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await expect(dialog).toContainText(messages[lang].errors.serverError);
      await dialog.getByRole("button").click();
      const t = messages[lang].marketing.guestBook;
      await expect(page.getByLabel(t.senderName, { exact: true })).toHaveValue(/Budi Santoso/);
      await expect(page.getByLabel(t.emailAddress, { exact: true })).toHaveValue("budi@example.com");
      await expect(page.locator('input[name="term_check"]')).toBeChecked();
      // The signal is back: the same form is sent.
      await page.context().setOffline(false);
      await submitButton(page).click();
      await page.waitForURL(`${baseUrl}/guest-book/submitted`, { timeout: 30_000 });
    });

  test("shows 'Recaptcha Error: ' + the generic message when the API refuses the captcha, every field kept; the overlay clears after 3 s", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport: "desktop", language: "en" });
    const posts = watchPosts(page);
    // The answer the page posts is not a proof the API accepts; the action's answer comes late.
    await page.route(
      (url) => url.pathname === "/guest-book.data",
      async (route) => {
        const body = new URLSearchParams(route.request().postData() ?? "");
        body.set("captcha", Buffer.from('{"not":"a proof"}').toString("base64"));
        await new Promise((resolve) => setTimeout(resolve, 3600));
        await route.continue({ postData: body.toString() });
      },
    );
    // When the overlay comes and goes, in the page's own time (a busy runner sees both late).
    await page.addInitScript(() => {
      const seen: { shown?: number; gone?: number } = {};
      (window as unknown as { __overlay: typeof seen }).__overlay = seen;
      new MutationObserver(() => {
        const on = document.querySelector('[data-testid="loading-overlay"]') !== null;
        if (on) seen.shown ??= performance.now();
        else if (seen.shown !== undefined) seen.gone ??= performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    await visit(page, "/guest-book?business_type=Business");
    await fillGuestBook(page, "en");
    await submitButton(page).click();
    const overlay = $(page, "loading-overlay");
    await overlay.waitFor();
    await overlay.waitFor({ state: "detached", timeout: 10_000 });
    const { shown = 0, gone = 0 } = await page.evaluate(
      () => (window as unknown as { __overlay: { shown?: number; gone?: number } }).__overlay,
    );
    expect(gone - shown).toBeGreaterThan(2500);
    const dialog = $(page, "error-dialog");
    await expect(dialog.locator("p")).toHaveText(`Recaptcha Error: ${en.errors.serverError}`, {
      timeout: 10_000,
    });
    await expect(dialog.locator("h2")).toHaveText("Oops...");
    await dialog.getByRole("button").click();
    await expect(page).toHaveURL(
      (address) =>
        address.pathname === "/guest-book" && address.searchParams.get("business_type") === "Business",
    );
    expect(posts).toHaveLength(1);
    // The texts as the form keeps them (trimmed when the visitor left each field).
    const t = en.marketing.guestBook;
    await expect(page.getByLabel(t.senderName, { exact: true })).toHaveValue("Budi Santoso");
    await expect(page.getByLabel(t.senderContact, { exact: true })).toHaveValue("081234567890");
    await expect(page.locator('input[name="term_check"]')).toBeChecked();
    await expect(submitButton(page)).toBeEnabled();
    expect(unexpected(errors)).toEqual([]);
  });

  test("shows the same popup when no captcha can be had (its setup fails), every field kept", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport: "mobile", language: "id" });
    const posts = watchPosts(page);
    await page.route("**/api/v1/captcha", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"code":503,"message":"down"}' }),
    );
    await visit(page, "/guest-book?business_type=Individu");
    await fillGuestBook(page, "id");
    await submitButton(page).click();
    const dialog = $(page, "error-dialog");
    await expect(dialog.locator("p")).toHaveText(`Recaptcha Error: ${id.errors.serverError}`, {
      timeout: 15_000,
    });
    expect(posts).toHaveLength(1);
    expect(posted(posts[0]).get("captcha")).toBe("");
    await dialog.getByRole("button").click();
    await expect(page.getByLabel(id.marketing.guestBook.senderName, { exact: true })).toHaveValue(
      "Budi Santoso",
    );
    expect(unexpected(errors, "400|503")).toEqual([]);
  });
});

/**
 * `/guest-book/submitted` says the data was sent: it opens only after a send (the action's
 * short-lived, signed mark), else the visitor lands on the form.
 */
for (const [viewport, lang] of combos)
  describe(`guest-book confirmation opened directly at ${viewport} in ${lang}`, () => {
    test("sends the visitor to the form and claims no send", async ({ open }) => {
      const { page, context, errors } = await open({ viewport, language: lang });
      const address = viewport === "desktop" ? `/guest-book/submitted?lang=${lang}` : "/guest-book/submitted";
      await visit(page, address);
      await expect(page).toHaveURL(`${baseUrl}/guest-book${viewport === "desktop" ? `?lang=${lang}` : ""}`);
      await expect($(page, "guest-book-submitted")).toHaveCount(0);
      await expect($(page, "guest-book-form")).toHaveCount(1);
      await expect(page.locator("main h1")).toHaveText(messages[lang].screens.guestBookForm.title);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      // A mark the server did not sign (made up, or left from before) does not open it either.
      const forged = Buffer.from(JSON.stringify({ whitePaper: null })).toString("base64");
      await context.addCookies([
        { name: "guest_book_sent", value: forged, domain: new URL(baseUrl).hostname, path: "/guest-book" },
      ]);
      const response = await page.request.get("/guest-book/submitted", { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe("/guest-book");
      expect(errors).toEqual([]);
    });
  });

/**
 * No script at all (`javaScriptEnabled: false`): the browser posts the form itself, and the action
 * answers with the page again — the messages in the page's language, every field as it was typed,
 * and the note that the captcha needs a script. Nothing is lost, nothing is sent.
 */
for (const [viewport, lang] of combos)
  describe(`guest-book without scripts at ${viewport} in ${lang}`, () => {
    const m = messages[lang].marketing.guestBook;

    test("refuses with the messages and the captcha note, keeping every field", async ({ open }) => {
      // In English on desktop by the address alone (a language link), else by the language cookie.
      const byAddress = viewport === "desktop" && lang === "en";
      const { page, errors } = await open({
        viewport,
        language: byAddress ? undefined : lang,
        javaScriptEnabled: false,
      });
      const posts = watchPosts(page);
      const query = byAddress ? "?business_type=Business&lang=en" : "?business_type=Business";
      await page.goto(`/guest-book${query}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      // Said before any send: the verification needs a script (and nothing pretends to prepare it).
      const note = $(page, "captcha-no-script");
      await expect(note).toBeVisible();
      await expect(note).toHaveText(m.captchaNoScript);
      await expect(page.getByText(m.captchaLoading)).toBeHidden();
      await expect(submitButton(page)).toBeEnabled();

      // Some fields wrong, some right.
      await page.getByLabel(m.senderName, { exact: true }).fill("  Budi Santoso  ");
      await page.getByLabel(m.senderContact, { exact: true }).fill("0812-3456");
      await page.getByLabel(m.emailAddress, { exact: true }).fill("budi@");
      await page.locator('input[name="purpose"][value="advertise_in_paxelbox"]').check();
      await sendAsDocument(page, posts, 1);
      expect(postedBy(posts[0])).toBe("browser");
      expect((await posts[0]?.response())?.status()).toBe(400);

      await expect(errorLocator(page, "sender_contact")).toHaveText(m.errors.senderContactFormat);
      await expect(errorLocator(page, "sender_name")).toHaveCount(0);
      await expect(errorLocator(page, "email_address")).toHaveText(m.errors.emailInvalid);
      await expect(errorLocator(page, "purpose")).toHaveCount(0);
      await expect(errorLocator(page, "message")).toHaveText(m.errors.messageRequired);
      await expect(errorLocator(page, "term_check")).toHaveText(m.errors.termRequired);
      // What a browser without scripts reads: not sent, kept, and what it would take.
      await expect($(page, "guest-book-form-error")).toHaveText(
        `${m.captchaNoScriptRefused} ${m.captchaNoScript}`,
        {
          useInnerText: true,
        },
      );
      await expect(page.getByLabel(m.senderName, { exact: true })).toHaveValue("  Budi Santoso  ");
      await expect(page.getByLabel(m.senderContact, { exact: true })).toHaveValue("0812-3456");
      await expect(page.getByLabel(m.emailAddress, { exact: true })).toHaveValue("budi@");
      await expect(page.locator('input[name="purpose"][value="advertise_in_paxelbox"]')).toBeChecked();
      await expect(page.locator('input[name="term_check"]')).not.toBeChecked();
      // The same business type and language as before.
      await expect($(page, "business-type")).toContainText("Business");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      // All corrected: still nothing can be sent without the captcha, and nothing typed is lost.
      await page.getByLabel(m.senderContact, { exact: true }).fill("0812-3456-7890");
      await page.getByLabel(m.emailAddress, { exact: true }).fill("budi@example.com");
      await page.getByLabel(m.message, { exact: true }).fill("Kami ingin memasang loker.");
      await page.locator('input[name="term_check"]').check();
      await sendAsDocument(page, posts, 2);
      await expect($(page, "field-error")).toHaveCount(0);
      // Nothing to correct: still no promise that it goes by itself, which needs a script.
      await expect($(page, "guest-book-form-error")).toHaveText(
        `${m.captchaNoScriptRefused} ${m.captchaNoScript}`,
        {
          useInnerText: true,
        },
      );
      await expect(page).toHaveURL((url) => url.pathname === "/guest-book");
      await expect(page.getByLabel(m.senderContact, { exact: true })).toHaveValue("0812-3456-7890");
      await expect(page.getByLabel(m.message, { exact: true })).toHaveValue("Kami ingin memasang loker.");
      await expect(page.locator('input[name="purpose"][value="advertise_in_paxelbox"]')).toBeChecked();
      await expect(page.locator('input[name="term_check"]')).toBeChecked();

      // Nor does the confirmation open.
      await page.goto("/guest-book/submitted");
      await expect(page).toHaveURL((url) => url.pathname === "/guest-book");
      expect(unexpected(errors)).toEqual([]);
    });
  });

/** Send pressed on a page that runs no script: the browser posts the form, the `count`th post. */
async function sendAsDocument(page: Page, posts: Request[], count: number) {
  await submitButton(page).click();
  await page.waitForLoadState("domcontentloaded");
  await expect.poll(() => posts.length).toBe(count);
}

/**
 * The page's scripts arrive seconds after its first paint (a slow network): the visitor fills the
 * server's form and presses Send before they run. The browser posts the form itself; the action
 * answers with everything kept (no script could solve the captcha yet); once the scripts arrive the
 * captcha is solved and the form is sent again, and the visitor lands on the confirmation.
 */
const heldMs = 5000;

/** Every page the tab opens gets its scripts no sooner than `heldMs` after it was asked for. */
async function delayScripts(page: Page) {
  let documentAt = Date.now();
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentAt = Date.now();
  });
  await page.route(isScript, async (route) => {
    const wait = documentAt + heldMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await route.continue().catch(() => undefined);
  });
}

for (const [viewport, lang] of combos)
  describe(`guest-book with scripts held back at ${viewport} in ${lang}`, () => {
    test("keeps what was typed and sent before the scripts ran, and sends it once they do", async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const posts = watchPosts(page);
      await delayScripts(page);
      await page.goto("/guest-book?business_type=Business", { waitUntil: "domcontentloaded" });
      await fillGuestBook(page, lang);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await submitButton(page).click();

      // The action's answer, before any script runs: every field kept, the note.
      await $(page, "guest-book-form-error").waitFor();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      // Scripts on but still on their way: it goes by itself once they run (nothing to correct), and
      // nothing asks to turn JavaScript on.
      const m = messages[lang].marketing.guestBook;
      await expect($(page, "guest-book-form-error")).toHaveText(
        `${m.captchaNoScriptRefused} ${m.captchaSendsWhenLoaded}`,
        { useInnerText: true },
      );
      await expectKept(page, lang);

      // The scripts arrive: the note goes, the captcha is solved and the form sent by itself.
      await page.waitForURL(`${baseUrl}/guest-book/submitted`, { timeout: 45_000 });
      await $(page, "guest-book-submitted").waitFor();
      expect(posts.map(postedBy)).toEqual(["browser", "script"]);
      const body = posted(posts[1]);
      expect(body.get("sender_contact")).toBe("081234567890");
      expect(body.get("purpose")).toBe("paxelbox_locker");
      expect(body.get("term_check")).toBe("on");
      expect(body.get("captcha")).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
      expect(unexpected(errors)).toEqual([]);
    });
  });

/**
 * The form filled in and sent before the page's scripts run (`delayScripts`), with `email` in place
 * of the e-mail: the action's answer is on screen, that field refused.
 */
async function sendBeforeScripts(page: Page, lang: Lang, email: string) {
  await delayScripts(page);
  await page.goto("/guest-book?business_type=Individu", { waitUntil: "domcontentloaded" });
  await fillGuestBook(page, lang);
  await page.getByLabel(messages[lang].marketing.guestBook.emailAddress, { exact: true }).fill(email);
  await submitButton(page).click();
  await errorLocator(page, "email_address").waitFor();
}

describe("guest-book with scripts held back, a field to correct", () => {
  for (const [viewport, lang] of [phoneId]) {
    // Scripts held back, then the captcha's proof of work: on a loaded 2-core runner over a minute.
    test(`shows the action's message, keeps everything, and sends once corrected (${viewport}, ${lang})`, async ({
      open,
    }) => {
      test.setTimeout(150_000);
      const m = messages[lang].marketing.guestBook;
      const { page, errors } = await open({ viewport, language: lang });
      const posts = watchPosts(page);
      await sendBeforeScripts(page, lang, "budi@");
      await expect(errorLocator(page, "email_address")).toHaveText(m.errors.emailInvalid);

      // The scripts arrive: nothing is sent by itself (a field is wrong), nothing is lost.
      await hydrated(page);
      await expect($(page, "guest-book-form-error")).toHaveCount(0);
      await expect(errorLocator(page, "email_address")).toHaveText(m.errors.emailInvalid);
      await expect(page.getByLabel(m.senderName, { exact: true })).toHaveValue("  Budi Santoso  ");
      await expect(page.locator('input[name="term_check"]')).toBeChecked();
      expect(posts).toHaveLength(1);

      await page.getByLabel(m.emailAddress, { exact: true }).fill("budi@example.com");
      await submitButton(page).click();
      await page.waitForURL(`${baseUrl}/guest-book/submitted`, { timeout: 120_000 });
      expect(posts.map(postedBy)).toEqual(["browser", "script"]);
      expect(posted(posts[1]).get("email_address")).toBe("budi@example.com");
      expect(unexpected(errors)).toEqual([]);
    });
  }
});

/**
 * A form the server drew with what was typed before the scripts ran: once they run, the page's own
 * answers (a send without signal, the language switched in place) leave every field as it is.
 */
describe("guest-book drawn by the server, then the scripts", () => {
  // The desktop: its header carries the language switch (the phone's is in the menu).
  for (const [viewport, lang] of [desktopEn]) {
    test(`keeps what was typed before the scripts through a send without signal and a language switch (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const m = messages[lang].marketing.guestBook;
      const { page } = await open({ viewport, language: lang });
      await sendBeforeScripts(page, lang, "budi@");
      await hydrated(page);

      const kept = async (t: typeof m) => {
        await expect(page.getByLabel(t.senderName, { exact: true })).toHaveValue("  Budi Santoso  ");
        await expect(page.getByLabel(t.message, { exact: true })).toHaveValue(/\S/);
        await expect(page.locator('input[name="purpose"]:checked')).toHaveCount(1);
        await expect(page.locator('input[name="term_check"]')).toBeChecked();
      };
      await page.getByLabel(m.emailAddress, { exact: true }).fill("budi@example.com");
      await page.context().setOffline(true);
      await submitButton(page).click();
      const dialog = $(page, "error-dialog");
      await expect(dialog).toContainText(messages[lang].errors.serverError, { timeout: 30_000 });
      await dialog.getByRole("button").click();
      await kept(m);
      await expect(page.getByLabel(m.emailAddress, { exact: true })).toHaveValue("budi@example.com");

      await page.context().setOffline(false);
      const other = lang === "id" ? "en" : "id";
      await page.getByTestId("public-header").locator(`button[data-language="${other}"]`).click();
      const t = messages[other].marketing.guestBook;
      await expect(submitButton(page)).toHaveText(t.submit);
      await kept(t);
      await expect(page.getByLabel(t.emailAddress, { exact: true })).toHaveValue("budi@example.com");
    });
  }
});

/**
 * The captcha and the guest book's validation runtime load when the visitor starts the form (a
 * focus or a tap in it, or the widget's place nearing the screen), not with the page (ADR 026): a
 * visitor who only reads the page never loads the ALTCHA widget.
 */
for (const [viewport, lang] of combos)
  describe(`guest-book captcha on demand at ${viewport} in ${lang}`, () => {
    const m = messages[lang].marketing.guestBook;
    const captchaAsked = (urls: string[]) =>
      urls.filter((url) => new URL(url).pathname === "/api/v1/captcha" || /\/altcha-[\w-]+\.js$/.test(url));

    test("loads nothing of the captcha until the visitor starts the form, then shows the widget", async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const requests = watchRequests(page, ["script", "fetch"]);
      await visit(page, "/guest-book?business_type=Individu");
      await requests.quiet(1500);
      expect(captchaAsked(requests.urls)).toEqual([]);
      const captcha = $(page, "captcha");
      await expect(captcha).toHaveAttribute("data-status", "idle");
      await expect(captcha).toContainText(m.captchaLoading);
      // A browser that runs the page's script never shows the note for one that runs none.
      await expect($(page, "captcha-no-script")).toHaveCount(0);

      await page.getByLabel(m.senderName, { exact: true }).focus();
      await expect(captcha).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
      await page.locator("altcha-widget").waitFor({ state: "attached" });
      await expect.poll(() => captchaAsked(requests.urls).length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });

    test("starts it for a visitor who scrolls down to it, and for one who typed before the page could answer", async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      await visit(page, "/guest-book?business_type=Individu");
      const captcha = $(page, "captcha");
      await captcha.scrollIntoViewIfNeeded();
      await expect(captcha).toHaveAttribute("data-status", "ready", { timeout: 15_000 });

      // Typed into the server's HTML while the scripts were still on their way (at the top of the
      // page, the widget's place far from the screen).
      await page.evaluate(() => window.scrollTo(0, 0));
      const release = await holdScripts(page);
      await page.goto("/guest-book?business_type=Individu", { waitUntil: "domcontentloaded" });
      const name = page.getByLabel(m.senderName, { exact: true });
      await name.pressSequentially("Budi");
      await name.blur();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      release();
      await hydrated(page);
      await expect(captcha).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
      await expect(name).toHaveValue("Budi");
      expect(errors).toEqual([]);
    });

    test("puts the widget in its loading line's place: nothing below it moves as it arrives", async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await visit(page, "/guest-book?business_type=Individu");
      const shifts = () =>
        page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
      await page.evaluate(() => {
        (window as unknown as { layoutShifts: number[] }).layoutShifts.length = 0;
      });
      // Scrolled to by the page (no input of the visitor's): the widget loads as its place nears.
      const captcha = $(page, "captcha");
      await captcha.scrollIntoViewIfNeeded();
      await expect(captcha).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
      await expect(page.getByText(m.captchaLoading)).toBeHidden();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      expect((await shifts()).reduce((sum, value) => sum + value, 0)).toBeLessThan(0.005);
      expect(errors).toEqual([]);
    });

    test("keeps what was typed through a language switch, and speaks the other language", async ({
      open,
    }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const other: Lang = lang === "id" ? "en" : "id";
      const o = messages[other].marketing.guestBook;
      await visit(page, "/guest-book?business_type=Individu");
      await page.getByLabel(m.senderName, { exact: true }).fill("Budi Santoso");
      const switcher = page.locator(`[data-testid="public-header"] button[data-language="${other}"]`);
      const inMenu = !(await switcher.isVisible());
      if (inMenu) await $(page, "menu-toggle").click();
      await page.locator(`button[data-language="${other}"]:visible`).first().click();
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      // The menu closed with its toggle: a tap outside it would only close it.
      if (inMenu) await $(page, "menu-toggle").click();
      const name = page.getByLabel(o.senderName, { exact: true });
      await expect(name).toHaveCount(1, { timeout: 15_000 });
      await expect(name).toHaveValue("Budi Santoso");
      await submitButton(page).click();
      await expect(errorLocator(page, "sender_contact")).toHaveText(o.errors.senderContactRequired, {
        timeout: 15_000,
      });
      expect(errors).toEqual([]);
    });
  });

describe("guest-book captcha and a burst of focus changes", () => {
  test("starts one proof of work, however many fields the focus passes through at once", async ({ open }) => {
    const { page, errors } = await open({ viewport: "mobile", language: "id" });
    const captchaCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/v1/captcha") captchaCalls.push(request.url());
    });
    await visit(page, "/guest-book?business_type=Individu");
    // Started by its place nearing the screen, not by a focus: the widget then waits for one.
    const captcha = $(page, "captcha");
    await captcha.scrollIntoViewIfNeeded();
    await expect(captcha).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
    expect(captchaCalls).toHaveLength(1);
    // A script walking the form: every field focused in turn, ten times, in one task.
    await page.evaluate(() => {
      const fields = [
        ...document.querySelectorAll<HTMLElement>("form input:not([type=hidden]), form textarea"),
      ];
      for (let round = 0; round < 10; round++) for (const field of fields) field.focus();
    });
    // The answer arrives in the form's hidden field: one challenge for it, besides the setup.
    await expect(page.locator('input[name="captcha"]')).not.toHaveValue("", { timeout: 20_000 });
    expect(captchaCalls).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

describe("guest-book confirmation after a send", () => {
  test("opens again on a reload within its time, in the page's language", async ({ open }) => {
    const { page, errors } = await open({ viewport: "mobile", language: "en" });
    await sendGuestBook(page, "en");
    await page.reload();
    await $(page, "guest-book-submitted").waitFor();
    await expect(page).toHaveURL(`${baseUrl}/guest-book/submitted`);
    await expect(page.locator("main h1")).toHaveText(en.screens.guestBookSubmitted.title);
    expect(errors).toEqual([]);
  });
});

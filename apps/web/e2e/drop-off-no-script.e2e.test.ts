import type { Page } from "playwright-core";
import { everyFrame, holdScripts, hydrated, type Lang } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
import { decodeQr, scanAtKiosk } from "./support/journeys.ts";
import {
  $,
  field,
  fieldError,
  fillText,
  inLanguage,
  packageTexts,
  postedForm,
  sliderValue,
  watchPosts,
} from "./support/package-form.ts";
import { cameraJpeg, cameraJpegFile } from "./support/photos.ts";

/**
 * The package form is a plain HTML form that its route action answers (spec §2, §5): a courier on
 * a phone that runs no script, or whose scripts have not arrived yet, fills it, picks the camera's
 * photo as it is (several MB), moves the slider with the keyboard and sends — and gets the QR page,
 * or the form again with what was typed and the spec's messages in the page's language.
 */

async function fillAll(page: Page): Promise<void> {
  await fillText(page);
  await $(page, "photo-input").setInputFiles(await cameraJpegFile());
  const slider = $(page, "slider-handle");
  await slider.focus();
  await slider.press("End");
  expect(await sliderValue(page)).toBe(100);
}

/**
 * Sends the form as a browser without scripts does: a navigation that posts it (its answer read;
 * a page whose scripts are held never fires `load`).
 */
async function send(page: Page) {
  const answered = page.waitForNavigation({ waitUntil: "domcontentloaded" });
  await $(page, "package-submit").click();
  return answered;
}

/** The page's errors, but the browser's own note of a refused post's answer (400, the point). */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 400/.test(error));

async function expectQrPage(page: Page, lang: Lang): Promise<string> {
  const t = packageTexts[lang];
  await expect.poll(() => $(page, "package-qr").getAttribute("data-state")).toBe("generated");
  expect(await page.locator("html").getAttribute("lang")).toBe(lang);
  expect((await $(page, "package-qr").locator("h2").textContent())?.trim()).toBe(t.qr.ready);
  // The form stays, locked, with what it was sent with; its button has nothing to send.
  expect(await field(page, "sender_name").inputValue()).toBe("Kurir Paxel");
  expect(await field(page, "recipient_mobile_number").inputValue()).toBe("081122223333");
  expect(await field(page, "sender_name").isDisabled()).toBe(true);
  expect(await $(page, "package-submit").isDisabled()).toBe(true);
  expect(await $(page, "photo-thumbnail").count()).toBe(1);
  // The QR panel has the focus (scrolled into view on a phone, where it is under the form); the
  // browser moves the focus to an `autofocus` element at its next rendering step, not at once.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
    .toBe("package-qr");
  const code = await decodeQr($(page, "package-qr-image"));
  expect(code).toMatch(/^PXB-D-/);
  return code;
}

describe.each(everyFrame)("the package form without scripts at %s in %s", (viewport, lang) => {
  const t = packageTexts[lang];

  it("refuses an unfinished form in the page's language, keeping what was typed, then sends it", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("package-form");
    const { page, errors } = await open({ viewport, javaScriptEnabled: false });
    const posts = watchPosts(page);
    await page.goto(inLanguage(demo.url, lang));
    expect(await page.locator("html").getAttribute("lang")).toBe(lang);
    await field(page, "sender_name").fill("  Kurir Paxel ");
    await field(page, "recipient_mobile_number").fill("0811-2222-3333");
    // A file that is not a photo: said, not dropped without a word.
    await $(page, "photo-input").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a picture"),
    });
    const response = await send(page);
    expect(response?.status()).toBe(400);
    expect(posts).toHaveLength(1);

    expect(await fieldError(page, "sender_name")).toBeNull();
    expect(await fieldError(page, "recipient_name")).toBe(t.messages.recipientName);
    expect(await fieldError(page, "recipient_mobile_number")).toBeNull();
    expect(await fieldError(page, "package_size")).toBe(t.messages.packageSize);
    expect(await fieldError(page, "package_photo")).toBe(t.messages.photoNotImage);
    expect(await fieldError(page, "slider_verification")).toBe(t.messages.slider);
    // What was typed is kept (trimmed, the phone as digits); the first field in error has the focus.
    expect(await field(page, "sender_name").inputValue()).toBe("Kurir Paxel");
    expect(await field(page, "recipient_mobile_number").inputValue()).toBe("081122223333");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("recipient_name");
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("idle");

    // The rest, with the camera's own photo and the slider moved with the keyboard.
    await field(page, "recipient_name").fill("Rina Kartika");
    await field(page, "package_size").selectOption("M");
    await $(page, "photo-input").setInputFiles({
      name: "IMG_20261129_101500.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraJpeg(),
    });
    await $(page, "slider-handle").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("PageUp");
    expect(await sliderValue(page)).toBeGreaterThan(0);
    await page.keyboard.press("End");
    const sent = await send(page);
    expect(sent?.status()).toBe(200);
    expect(posts).toHaveLength(2);
    // The camera's file went as it was: the form's server made it small.
    const photo = (await postedForm(posts[1]!)).get("package_photo") as File;
    expect(photo.size).toBeGreaterThan(2 * 1024 * 1024);
    const code = await expectQrPage(page, lang);
    expect(code).toMatch(/^PXB-D-/);
    expect(unexpected(errors)).toEqual([]);
  }, 90_000);

  it("a refresh of the QR page posts the form again and gets the same QR; New package opens an empty form", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("package-form");
    const boxId = Number(demo.params.get("boxId"));
    const { page } = await open({ viewport, javaScriptEnabled: false });
    const posts = watchPosts(page);
    await page.goto(inLanguage(demo.url, lang));
    await fillAll(page);
    await send(page);
    const first = await expectQrPage(page, lang);

    // The browser sends the same form again (its Idempotency-Key with it): the first QR, no new parcel.
    const again = page.waitForNavigation({ waitUntil: "load" });
    await page.reload();
    await again;
    expect(posts).toHaveLength(2);
    expect(posts[1]?.method()).toBe("POST");
    expect(await expectQrPage(page, lang)).toBe(first);
    // One parcel: its code stores once at the locker.
    expect((await scanAtKiosk(first, boxId)).status).toBe(200);

    await $(page, "package-new").click();
    await page.waitForLoadState("load");
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("idle");
    expect(await field(page, "sender_name").inputValue()).toBe("");
    expect(await field(page, "sender_name").isDisabled()).toBe(false);
    expect(await field(page, "locker_location").inputValue()).toBe(demo.params.get("name"));
    expect(await page.locator("html").getAttribute("lang")).toBe(lang);
  }, 90_000);
});

describe("the package form without scripts: photo limits", () => {
  it("refuses a photo over 15 MB with its message, keeping the rest", async ({ open, scenario }) => {
    const demo = await scenario("package-form");
    const { page } = await open({ viewport: "mobile", javaScriptEnabled: false });
    await page.goto(demo.url);
    await fillText(page);
    const huge = Buffer.alloc(16 * 1024 * 1024, 7);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    await $(page, "photo-input").setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: huge });
    await $(page, "slider-handle").focus();
    await page.keyboard.press("End");
    expect((await send(page))?.status()).toBe(400);
    expect(await fieldError(page, "package_photo")).toBe(packageTexts.id.messages.photoTooLarge);
    expect(await field(page, "recipient_name").inputValue()).toBe("Rina Kartika");
    expect(await field(page, "package_size").inputValue()).toBe("M");
  }, 60_000);

  it("keeps a good photo through a refusal: sent again without choosing it again", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("package-form");
    const { page } = await open({ viewport: "desktop", javaScriptEnabled: false });
    await page.goto(inLanguage(demo.url, "en"));
    await fillAll(page);
    await field(page, "recipient_name").fill("");
    expect((await send(page))?.status()).toBe(400);
    expect(await fieldError(page, "recipient_name")).toBe(packageTexts.en.messages.recipientName);
    expect(await fieldError(page, "package_photo")).toBeNull();
    await $(page, "photo-thumbnail").waitFor();
    // The slider too stays passed.
    expect(await sliderValue(page)).toBe(100);
    await field(page, "recipient_name").fill("Rina Kartika");
    expect((await send(page))?.status()).toBe(200);
    await expectQrPage(page, "en");
  }, 60_000);
});

/**
 * Scripts that come late (a slow phone on mobile data): every script of the page is held back from
 * its first paint until the courier has sent the form (several seconds: filling it, choosing the
 * photo). The form posts itself, and the page that answers hydrates once the scripts come.
 */
describe.each(everyFrame)("the package form before its scripts arrive at %s in %s", (viewport, lang) => {
  const t = packageTexts[lang];

  it("sends before the scripts arrive and gets the QR page, which hydrates later", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("package-form");
    const { page, errors } = await open({ viewport, language: lang });
    const release = await holdScripts(page);
    const posts = watchPosts(page);
    await page.goto(demo.url, { waitUntil: "domcontentloaded" });
    await fillAll(page);
    await send(page);
    // The form posted itself (a navigation), not the page's scripts, which are still on their way.
    expect(posts.map((post) => new URL(post.url()).pathname)).toEqual(["/package"]);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await expectQrPage(page, lang);
    // The scripts arrive: the page hydrates with its answer and keeps it.
    release();
    await hydrated(page);
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("generated");
    expect(await field(page, "sender_name").inputValue()).toBe("Kurir Paxel");
    expect(errors).toEqual([]);
  }, 90_000);

  it("refused before the scripts arrive, the form is finished and sent with them", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("package-form");
    const { page, errors } = await open({ viewport, language: lang });
    const release = await holdScripts(page);
    const posts = watchPosts(page);
    await page.goto(demo.url, { waitUntil: "domcontentloaded" });
    await field(page, "sender_name").fill("Kurir Paxel");
    await send(page);
    expect(await fieldError(page, "recipient_name")).toBe(t.messages.recipientName);
    expect(await field(page, "sender_name").inputValue()).toBe("Kurir Paxel");
    release();
    await hydrated(page);
    await $(page, "package-form").and(page.locator("[data-live]")).waitFor({ state: "attached" });
    // The messages stay with the running form, which now checks and sends by itself.
    expect(await fieldError(page, "recipient_name")).toBe(t.messages.recipientName);
    await field(page, "recipient_name").fill("Rina Kartika");
    await field(page, "recipient_name").blur();
    await expect.poll(() => fieldError(page, "recipient_name")).toBeNull();
    await field(page, "recipient_mobile_number").fill("0811222233333");
    await field(page, "package_size").selectOption("M");
    await $(page, "photo-input").setInputFiles({
      name: "IMG_20261129_101500.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraJpeg(),
    });
    await $(page, "photo-thumbnail").waitFor({ timeout: 20_000 });
    await $(page, "slider-handle").focus();
    await page.keyboard.press("End");
    await $(page, "package-submit").click();
    await expect
      .poll(() => $(page, "package-qr").getAttribute("data-state"), { timeout: 20_000 })
      .toBe("generated");
    expect(posts.map((post) => new URL(post.url()).pathname)).toEqual(["/package", "/package.data"]);
    expect(await decodeQr($(page, "package-qr-image"))).toMatch(/^PXB-D-/);
    expect(unexpected(errors)).toEqual([]);
  }, 90_000);
});

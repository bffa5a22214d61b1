import type { Page } from "playwright-core";
import { hydrated, type Lang, phoneAndDesktop, submitAndWait, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { decodeQr, scanAtKiosk } from "./support/journeys.ts";
import {
  $,
  choosePhoto,
  field,
  fieldError,
  fillPackageForm,
  inLanguage,
  openPackageForm,
  packageTexts,
  passSlider,
  postedForm,
  sliderValue,
  takeFreeDoors,
} from "./support/package-form.ts";
import { cameraJpeg, cameraJpegFile, oversizedJpegFile } from "./support/photos.ts";

/**
 * The package form is a plain HTML form that its route action answers (spec §2, §5): a courier on
 * a phone that runs no script, or whose scripts have not arrived yet, fills it, picks the camera's
 * photo as it is (several MB), moves the slider with the keyboard and sends — and gets the QR page,
 * or the form again with what was typed and the spec's messages in the page's language.
 */

/** The whole form, the camera's photo as a file from the phone's gallery; no thumbnail to wait for. */
async function fillAll(page: Page): Promise<void> {
  await fillPackageForm(page, { photo: await cameraJpegFile(), thumbnail: false });
  await expect($(page, "slider-handle")).toHaveValue("100");
}

/** Fills the whole form (`fillAll`) and sends it as a browser without scripts does (`send`). */
async function sendWhole(page: Page) {
  await fillAll(page);
  return send(page);
}

/** The camera's own photo, chosen by its bytes. */
const cameraPhoto = async () => ({
  name: "IMG_20261129_101500.jpg",
  mimeType: "image/jpeg",
  buffer: await cameraJpeg(),
});

/**
 * Sends the form as a browser without scripts does: a navigation that posts it (its answer read;
 * a page whose scripts are held never fires `load`).
 */
function send(page: Page) {
  return submitAndWait(page, $(page, "package-submit"), "domcontentloaded");
}

/** The page's errors, but the browser's own note of a refused post's answer (400, the point). */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 400/.test(error));

async function expectQrPage(page: Page, lang: Lang): Promise<string> {
  const t = packageTexts[lang];
  await expect($(page, "package-qr")).toHaveAttribute("data-state", "generated");
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect($(page, "package-qr").locator("h2")).toHaveText(t.qr.ready);
  // The form stays, locked, with what it was sent with; its button has nothing to send.
  await expect(field(page, "sender_name")).toHaveValue("Kurir Paxel");
  await expect(field(page, "recipient_mobile_number")).toHaveValue("081122223333");
  await expect(field(page, "sender_name")).toBeDisabled();
  await expect($(page, "package-submit")).toBeDisabled();
  await expect($(page, "photo-thumbnail")).toHaveCount(1);
  // The QR panel has the focus (scrolled into view on a phone, where it is under the form); the
  // browser moves the focus to an `autofocus` element at its next rendering step, not at once.
  await expect($(page, "package-qr")).toBeFocused();
  const code = await decodeQr($(page, "package-qr-image"));
  expect(code).toMatch(/^PXB-D-/);
  return code;
}

for (const [viewport, lang] of phoneAndDesktop) {
  describe(`the package form without scripts at ${viewport} in ${lang}`, () => {
    describe.configure({ timeout: 90_000 });
    const t = packageTexts[lang];

    test("refuses an unfinished form in the page's language, keeping what was typed, then sends it", async ({
      openScenario,
    }) => {
      const { page, errors, posts } = await openPackageForm(openScenario, viewport, lang, "none");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await field(page, "sender_name").fill("  Kurir Paxel ");
      await field(page, "recipient_mobile_number").fill("0811-2222-3333");
      // A file that is not a photo: said, not dropped without a word.
      await choosePhoto(
        page,
        { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
        { thumbnail: false },
      );
      const response = await send(page);
      expect(response?.status()).toBe(400);
      expect(posts).toHaveLength(1);

      await expect(fieldError(page, "sender_name")).toHaveCount(0);
      await expect(fieldError(page, "recipient_name")).toHaveText(t.messages.recipientName);
      await expect(fieldError(page, "recipient_mobile_number")).toHaveCount(0);
      await expect(fieldError(page, "package_size")).toHaveText(t.messages.packageSize);
      await expect(fieldError(page, "package_photo")).toHaveText(t.messages.photoNotImage);
      await expect(fieldError(page, "slider_verification")).toHaveText(t.messages.slider);
      // What was typed is kept (trimmed, the phone as digits); the first field in error has the focus.
      await expect(field(page, "sender_name")).toHaveValue("Kurir Paxel");
      await expect(field(page, "recipient_mobile_number")).toHaveValue("081122223333");
      await expect(field(page, "recipient_name")).toBeFocused();
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "idle");

      // The rest, with the camera's own photo and the slider moved with the keyboard.
      await field(page, "recipient_name").fill("Rina Kartika");
      await field(page, "package_size").selectOption("M");
      await choosePhoto(page, await cameraPhoto(), { thumbnail: false });
      await $(page, "slider-handle").focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("PageUp");
      await expect.poll(() => sliderValue(page)).toBeGreaterThan(0);
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
    });

    test("a send the API refuses (the last door of its size taken meanwhile): its message by the button, which has the focus", async ({
      openScenario,
    }) => {
      const { page, errors, boxId } = await openPackageForm(openScenario, viewport, lang, "none");
      await fillAll(page);
      // Another courier takes the last free M door while this form is being filled.
      await takeFreeDoors(boxId, "M");
      const response = await send(page);
      expect(response?.status()).toBe(400);
      await expect($(page, "package-form-error")).toHaveText(t.noLocker);
      await expect($(page, "package-submit")).toBeFocused();
      await expect($(page, "package-form-error")).toBeInViewport();
      await expect(field(page, "sender_name")).toHaveValue("Kurir Paxel");
      expect(unexpected(errors)).toEqual([]);
    });

    test("a refresh of the QR page posts the form again and gets the same QR; New package opens an empty form", async ({
      openScenario,
    }) => {
      const { page, posts, demo, boxId } = await openPackageForm(openScenario, viewport, lang, "none");
      await sendWhole(page);
      const first = await expectQrPage(page, lang);

      // The browser sends the same form again (its Idempotency-Key with it): the first QR, no new parcel.
      await page.reload({ waitUntil: "load" });
      expect(posts).toHaveLength(2);
      expect(posts[1]?.method()).toBe("POST");
      expect(await expectQrPage(page, lang)).toBe(first);
      // One parcel: its code stores once at the locker.
      expect((await scanAtKiosk(first, boxId)).status).toBe(200);

      await $(page, "package-new").click();
      await page.waitForLoadState("load");
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "idle");
      await expect(field(page, "sender_name")).toHaveValue("");
      await expect(field(page, "sender_name")).toBeEnabled();
      await expect(field(page, "locker_location")).toHaveValue(demo.params.get("name") ?? "");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    });
  });
}

describe("the package form without scripts: a copy of the page whose key went with another parcel", () => {
  test("sends as a parcel of its own, and a refresh of its QR page gets its QR again", async ({
    openScenario,
  }) => {
    test.setTimeout(60_000);
    const { page, demo, boxId } = await openPackageForm(openScenario, "mobile", "id", "none");
    const spent = await page.locator('input[name="send_key"]').inputValue();
    await sendWhole(page);
    const first = await expectQrPage(page, "id");

    // The form opened again as a copy kept from before (the service worker's, with weak signal):
    // the key in its HTML is the one just spent.
    await page.route(
      (url) => url.pathname === "/package",
      async (route) => {
        if (route.request().method() !== "GET") return route.fallback();
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(name="send_key"[^>]*value=")[^"]*"/,
          (_match, before: string) => `${before}${spent}"`,
        );
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto(inLanguage(demo.url, "id"));
    await expect(page.locator('input[name="send_key"]')).toHaveValue(spent);
    await fillAll(page);
    await field(page, "recipient_name").fill("Budi Santoso");
    expect((await send(page))?.status()).toBe(200);
    const second = await expectQrPage(page, "id");
    expect(second).not.toBe(first);
    // The browser sends the same form again: the same parcel's QR, not a third parcel.
    await page.reload({ waitUntil: "load" });
    expect(await expectQrPage(page, "id")).toBe(second);
    expect((await scanAtKiosk(second, boxId)).status).toBe(200);
  });
});

describe("the package form without scripts: photo limits", () => {
  test("refuses a photo over 15 MB with its message, keeping the rest", async ({ openScenario }) => {
    test.setTimeout(60_000);
    const { page } = await openPackageForm(openScenario, "mobile", "id", "none");
    await fillPackageForm(page, { photo: await oversizedJpegFile(), thumbnail: false });
    expect((await send(page))?.status()).toBe(400);
    await expect(fieldError(page, "package_photo")).toHaveText(packageTexts.id.messages.photoTooLarge);
    await expect(field(page, "recipient_name")).toHaveValue("Rina Kartika");
    await expect(field(page, "package_size")).toHaveValue("M");
    // The slider, below the photo in the form, stays passed: the photo is the only refusal.
    await expect($(page, "slider-handle")).toHaveValue("100");
    await expect(fieldError(page, "slider_verification")).toHaveCount(0);
  });

  test("keeps a good photo through a refusal: sent again without choosing it again", async ({
    openScenario,
  }) => {
    test.setTimeout(60_000);
    const { page } = await openPackageForm(openScenario, "desktop", "en", "none");
    await fillAll(page);
    await field(page, "recipient_name").fill("");
    expect((await send(page))?.status()).toBe(400);
    await expect(fieldError(page, "recipient_name")).toHaveText(packageTexts.en.messages.recipientName);
    await expect(fieldError(page, "package_photo")).toHaveCount(0);
    await $(page, "photo-thumbnail").waitFor();
    // The slider too stays passed.
    await expect($(page, "slider-handle")).toHaveValue("100");
    await field(page, "recipient_name").fill("Rina Kartika");
    expect((await send(page))?.status()).toBe(200);
    await expectQrPage(page, "en");
  });
});

/**
 * Scripts that come late (a slow phone on mobile data): every script of the page is held back from
 * its first paint until the courier has sent the form (several seconds: filling it, choosing the
 * photo). The form posts itself, and the page that answers hydrates once the scripts come.
 */
for (const [viewport, lang] of phoneAndDesktop) {
  describe(`the package form before its scripts arrive at ${viewport} in ${lang}`, () => {
    describe.configure({ timeout: 90_000 });
    const t = packageTexts[lang];

    test("sends before the scripts arrive and gets the QR page, which hydrates later", async ({
      openScenario,
    }) => {
      const { page, errors, posts, release, demo } = await openPackageForm(
        openScenario,
        viewport,
        lang,
        "held",
      );
      await sendWhole(page);
      // The form posted itself (a navigation), not the page's scripts, which are still on their way.
      expect(posts.map((post) => new URL(post.url()).pathname)).toEqual(["/package"]);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await expectQrPage(page, lang);
      // The scripts arrive: the page hydrates with its answer and keeps it.
      release();
      await hydrated(page);
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "generated");
      await expect(field(page, "sender_name")).toHaveValue("Kurir Paxel");
      // The form opened anew in this tab (a scan of the locker's sticker) is a new parcel's (ADR 047).
      await visit(page, inLanguage(demo.url, lang));
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "idle");
      await expect(field(page, "sender_name")).toHaveValue("");
      expect(errors).toEqual([]);
    });

    test("a photo kept through a refusal before the scripts arrive is sent with them as it came back", async ({
      openScenario,
    }) => {
      const { page, errors, posts, release } = await openPackageForm(openScenario, viewport, lang, "held");
      await fillAll(page);
      await field(page, "recipient_name").fill("");
      expect((await send(page))?.status()).toBe(400);
      await $(page, "photo-thumbnail").waitFor();
      const kept = await page.locator('input[name="package_photo_kept"]').inputValue();
      expect(kept).toMatch(/^data:image\/jpeg;base64,/);
      release();
      await hydrated(page);
      await $(page, "package-form").and(page.locator("[data-live]")).waitFor({ state: "attached" });
      await field(page, "recipient_name").fill("Rina Kartika");
      await $(page, "package-submit").click();
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "generated", { timeout: 20_000 });
      // Not made smaller again on the server (a send that may have registered is repeated byte for
      // byte under its key): the kept photo itself, no file.
      const sent = posts.at(-1);
      expect(new URL(sent?.url() ?? "").pathname).toBe("/package.data");
      const body = sent?.postDataBuffer()?.toString("latin1") ?? "";
      expect(body).toContain(kept);
      expect(body).not.toMatch(/name="package_photo"; filename=/);
      expect(unexpected(errors)).toEqual([]);
    });

    test("refused before the scripts arrive, the form is finished and sent with them", async ({
      openScenario,
    }) => {
      const { page, errors, posts, release } = await openPackageForm(openScenario, viewport, lang, "held");
      await field(page, "sender_name").fill("Kurir Paxel");
      await send(page);
      await expect(fieldError(page, "recipient_name")).toHaveText(t.messages.recipientName);
      await expect(field(page, "sender_name")).toHaveValue("Kurir Paxel");
      release();
      await hydrated(page);
      await $(page, "package-form").and(page.locator("[data-live]")).waitFor({ state: "attached" });
      // The messages stay with the running form, which now checks and sends by itself.
      await expect(fieldError(page, "recipient_name")).toHaveText(t.messages.recipientName);
      await field(page, "recipient_name").fill("Rina Kartika");
      await field(page, "recipient_name").blur();
      await expect(fieldError(page, "recipient_name")).toHaveCount(0);
      await field(page, "recipient_mobile_number").fill("0811222233333");
      await field(page, "package_size").selectOption("M");
      await choosePhoto(page, await cameraPhoto(), { timeout: 20_000 });
      await passSlider(page);
      await $(page, "package-submit").click();
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "generated", { timeout: 20_000 });
      expect(posts.map((post) => new URL(post.url()).pathname)).toEqual(["/package", "/package.data"]);
      expect(await decodeQr($(page, "package-qr-image"))).toMatch(/^PXB-D-/);
      expect(unexpected(errors)).toEqual([]);
    });
  });
}

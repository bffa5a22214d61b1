import type { Page } from "playwright-core";
import { type Lang, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
import { passSlider } from "./support/journeys.ts";
import {
  $,
  field,
  fieldError,
  fillText,
  isFormPost,
  packageTexts,
  postedForm,
  postedPhoto,
  press,
  sliderValue,
  watchPosts,
} from "./support/package-form.ts";
import { phonePhoto, smallPng } from "./support/photos.ts";

/**
 * The package form under real-world timing, with its scripts: a submit pressed while a phone photo
 * is still being prepared waits for it and posts it once; a double tap or double click posts once,
 * selects no text and does not move the page between the presses; a generated QR is final until
 * "New package"; the QR appears 2 s after the answer (spec §9).
 */

declare global {
  interface Window {
    __releasePhoto?: () => void;
  }
}

/**
 * Holds the page's photo preparation (its image decoding) until the test calls
 * `window.__releasePhoto()`: "Menyiapkan foto…" lasts exactly as long as the test wants.
 */
async function holdPhotoPreparation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.createImageBitmap.bind(window) as (...args: unknown[]) => Promise<ImageBitmap>;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    window.__releasePhoto = release;
    window.createImageBitmap = (async (...args: unknown[]) => {
      await gate;
      return original(...args);
    }) as typeof window.createImageBitmap;
  });
}

/** Two quick presses at one point of the screen: two touch taps on the phone, a double click on desktop. */
async function doublePress(page: Page, testId: string, viewport: ViewportName): Promise<void> {
  const target = $(page, testId);
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox()) as { x: number; y: number; width: number; height: number };
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (viewport === "mobile") {
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
  } else {
    await page.mouse.dblclick(x, y);
  }
}

async function addSmallPhoto(page: Page): Promise<void> {
  await $(page, "photo-input").setInputFiles({ name: "p.png", mimeType: "image/png", buffer: smallPng() });
  await $(page, "photo-thumbnail").waitFor({ timeout: 15_000 });
}

const selection = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? "");
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["desktop", "en"],
];

describe.each(combos)("package form timing at %s in %s", (viewport, lang) => {
  const t = packageTexts[lang];

  it("a submit pressed while the photo is prepared waits for it, then posts it once", async ({
    openScenario,
  }) => {
    const { page, errors, demo } = await openScenario("package-form", { viewport, language: lang });
    await holdPhotoPreparation(page);
    await visit(page, demo.url);
    const posts = watchPosts(page);
    await fillText(page);
    await passSlider(page);

    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(1_000_000);
    await $(page, "photo-input").setInputFiles({
      name: "IMG_4000x3000.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await expect.poll(() => $(page, "photo-status").textContent()).toContain(t.photoPreparing);

    // Pressed at once: the button says the photo is being prepared; no "empty" message, no post.
    const submit = $(page, "package-submit");
    await press(page, "package-submit", viewport);
    await expect.poll(() => submit.textContent()).toContain(t.photoPreparing);
    expect(await submit.getAttribute("aria-disabled")).toBe("true");
    expect(await $(page, "field-error").count()).toBe(0);
    expect(posts).toHaveLength(0);

    // The photo is ready: it is posted, once, made small, without another press.
    const sent = page.waitForRequest(isFormPost);
    await page.evaluate(() => window.__releasePhoto?.());
    const post = await sent;
    expect((await postedForm(post)).get("recipient_name")).toBe("Rina Kartika");
    expect((await postedPhoto(post)).bytes).toBeLessThanOrEqual(300 * 1024);

    await $(page, "package-qr-image").waitFor({ timeout: 15_000 });
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("generated");
    expect(await fieldError(page, "package_photo")).toBeNull();
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it("a double press posts once without selecting text; the QR is final until New package", async ({
    openScenario,
  }) => {
    const { page, errors, demo } = await openScenario("package-form", { viewport, language: lang });
    await visit(page, demo.url);
    const posts = watchPosts(page);
    // The first answer is held, so that the second press lands while the post is in flight.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(
      (url) => url.pathname === "/package.data",
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.fallback();
      },
    );

    await fillText(page);
    await addSmallPhoto(page);
    await passSlider(page);

    const submit = $(page, "package-submit");
    await submit.scrollIntoViewIfNeeded();
    const top = await scrollY(page);
    await doublePress(page, "package-submit", viewport);
    await expect.poll(() => posts.length).toBe(1);
    await expect.poll(() => submit.textContent()).toContain(t.sending);
    expect(await selection(page)).toBe("");
    expect(await scrollY(page)).toBe(top);
    expect(await submit.getAttribute("aria-disabled")).toBe("true");

    answer();
    await $(page, "package-qr-image").waitFor({ timeout: 15_000 });
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("generated");

    // Final: the form is locked with its values, its button says the QR is made; no press posts.
    expect(await submit.getAttribute("aria-disabled")).toBe("true");
    expect((await submit.textContent())?.trim()).toBe(t.generated);
    expect(await field(page, "sender_name").isDisabled()).toBe(true);
    expect(await field(page, "sender_name").inputValue()).toBe("Kurir Paxel");
    expect(await $(page, "photo-input").isDisabled()).toBe(true);
    await submit.dblclick({ force: true });
    await submit.click({ force: true });
    await page.evaluate(() =>
      document.querySelector<HTMLFormElement>('[data-testid="package-form"]')?.requestSubmit(),
    );
    expect(await selection(page)).toBe("");

    // New package: an empty form for the same locker, the focus in its first field.
    const next = $(page, "package-new");
    expect((await next.textContent())?.trim()).toBe(t.newPackage);
    await press(page, "package-new", viewport);
    await expect.poll(() => $(page, "package-qr").getAttribute("data-state")).toBe("idle");
    await expect.poll(() => field(page, "sender_name").inputValue()).toBe("");
    expect(await field(page, "sender_name").isDisabled()).toBe(false);
    await expect.poll(() => focusedName(page)).toBe("sender_name");
    expect(await field(page, "locker_location").inputValue()).toBe(demo.params.get("name"));
    expect(await $(page, "photo-thumbnail").count()).toBe(0);
    expect(await sliderValue(page)).toBe(0);
    expect(await submit.textContent()).toBe(t.send);
    expect(await submit.getAttribute("aria-disabled")).toBeNull();
    expect(await $(page, "field-error").count()).toBe(0);
    expect(posts).toHaveLength(1);

    // The next parcel is the second post: nothing was posted in between.
    await fillText(page, "Budi Santoso");
    await addSmallPhoto(page);
    await passSlider(page);
    const second = page.waitForRequest(isFormPost);
    await press(page, "package-submit", viewport);
    expect((await postedForm(await second)).get("recipient_name")).toBe("Budi Santoso");
    await expect
      .poll(() => $(page, "package-qr").getAttribute("data-state"), { timeout: 15_000 })
      .toBe("generated");
    expect(posts).toHaveLength(2);
    // Each package its own key: the second is no repeat of the first.
    const [firstKey, secondKey] = await Promise.all(
      posts.map(async (post) => (await postedForm(post)).get("send_key")),
    );
    expect(firstKey).not.toBe(secondKey);
    expect(errors).toEqual([]);
  }, 60_000);

  it("the QR appears 2000 ms after the answer is in, not before (spec §9)", async ({ openScenario }) => {
    const { page, errors, demo } = await openScenario("package-form", { viewport, language: lang });
    // The page's timers run on the test's clock: with time flowing until the form is ready, then held.
    await page.clock.install();
    await visit(page, demo.url);
    await fillText(page);
    await addSmallPhoto(page);
    await passSlider(page);
    const key = await page.locator('input[name="send_key"]').inputValue();
    await page.clock.pauseAt(Date.now() + 1_000);

    const answered = page.waitForResponse((response) => isFormPost(response.request()));
    await press(page, "package-submit", viewport);
    expect((await answered).status()).toBe(200);
    const qr = $(page, "package-qr");
    // The answer is in once the page's data after it is (the next package's key).
    await expect.poll(() => page.locator('input[name="send_key"]').inputValue()).not.toBe(key);
    await page.clock.runFor(1_999);
    expect(await qr.getAttribute("data-state")).toBe("generating");
    expect(await $(page, "package-qr-image").count()).toBe(0);
    await page.clock.runFor(1);
    await expect.poll(() => qr.getAttribute("data-state")).toBe("generated");
    await $(page, "package-qr-image").waitFor();
    expect(errors).toEqual([]);
  }, 60_000);

  it("a double press on an empty form shows the messages from the top, selects nothing, keeps the focus", async ({
    openScenario,
  }) => {
    const { page, demo } = await openScenario("package-form", { viewport, language: lang });
    await visit(page, demo.url);
    const posts = watchPosts(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await doublePress(page, "package-submit", viewport);
    await expect.poll(() => fieldError(page, "sender_name")).toBe(t.messages.senderName);
    // Spec §5: the submit scrolls to the top; the second press lands on whatever is there now.
    expect(await scrollY(page)).toBe(0);
    expect(await selection(page)).toBe("");
    expect(await focusedName(page)).toBe("sender_name");
    expect(new URL(page.url()).pathname).toBe("/package");
    expect(posts).toHaveLength(0);
  });
});

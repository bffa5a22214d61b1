import type { Page } from "playwright-core";
import { type Lang, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, type OpenScenario, test } from "./support/fixtures.ts";
import {
  $,
  choosePhoto,
  doublePress,
  field,
  fieldError,
  fillPackageForm,
  fillText,
  holdPhotoPreparation,
  isFormPost,
  packageTexts,
  passSlider,
  postedForm,
  postedPhoto,
  press,
  releasePhoto,
  watchPosts,
} from "./support/package-form.ts";
import { phonePhoto } from "./support/photos.ts";

/**
 * The package form under real-world timing, with its scripts: a submit pressed while a phone photo
 * is still being prepared waits for it and posts it once; a double tap or double click posts once,
 * selects no text and does not move the page between the presses; a generated QR is final until
 * "New package"; the QR appears 2 s after the answer (spec §9).
 */

const selection = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? "");
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["desktop", "en"],
];

for (const [viewport, lang] of combos) {
  describe(`package form timing at ${viewport} in ${lang}`, () => {
    const t = packageTexts[lang];
    /** The form opened in this frame, its photo's preparation held if asked; its posts watched. */
    const openForm = async (openScenario: OpenScenario, { holdPhoto = false } = {}) => {
      const opened = await openScenario("package-form", { viewport, language: lang });
      if (holdPhoto) await holdPhotoPreparation(opened.page);
      await visit(opened.page, opened.demo.url);
      return { ...opened, posts: watchPosts(opened.page) };
    };

    test("the photo control keeps the focus while its photo is prepared, and opens no chooser meanwhile", async ({
      openScenario,
    }) => {
      const { page, errors } = await openForm(openScenario, { holdPhoto: true });
      const input = $(page, "photo-input");
      await input.focus();
      await choosePhoto(page, undefined, { thumbnail: false });
      await expect($(page, "photo-status")).toContainText(t.photoPreparing);
      await expect(input).toHaveAttribute("aria-disabled", "true");
      await expect(input).toBeFocused();
      const choosers: unknown[] = [];
      page.on("filechooser", (chooser) => choosers.push(chooser));
      await page.keyboard.press("Space");
      await releasePhoto(page);
      await $(page, "photo-thumbnail").waitFor({ timeout: 15_000 });
      await expect(input).not.toHaveAttribute("aria-disabled");
      await expect(input).toBeFocused();
      expect(choosers).toEqual([]);
      expect(errors).toEqual([]);
    });

    test("a submit pressed while the photo is prepared waits for it, then posts it once", async ({
      openScenario,
    }) => {
      test.setTimeout(60_000);
      const { page, errors, posts } = await openForm(openScenario, { holdPhoto: true });
      await fillText(page);
      await passSlider(page);

      const photo = await phonePhoto(page);
      expect(photo.length).toBeGreaterThan(1_000_000);
      // No thumbnail to wait for: its preparation is held.
      await choosePhoto(
        page,
        { name: "IMG_4000x3000.jpg", mimeType: "image/jpeg", buffer: photo },
        { thumbnail: false },
      );
      await expect($(page, "photo-status")).toContainText(t.photoPreparing);

      // Pressed at once: the button says the photo is being prepared; no "empty" message, no post.
      const submit = $(page, "package-submit");
      await press(page, "package-submit", viewport);
      await expect(submit).toContainText(t.photoPreparing);
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await expect($(page, "field-error")).toHaveCount(0);
      expect(posts).toHaveLength(0);

      // The photo is ready: it is posted, once, made small, without another press.
      const sent = page.waitForRequest(isFormPost);
      await releasePhoto(page);
      const post = await sent;
      expect((await postedForm(post)).get("recipient_name")).toBe("Rina Kartika");
      expect((await postedPhoto(post)).bytes).toBeLessThanOrEqual(300 * 1024);

      await $(page, "package-qr-image").waitFor({ timeout: 15_000 });
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "generated");
      await expect(fieldError(page, "package_photo")).toHaveCount(0);
      expect(posts).toHaveLength(1);
      expect(errors).toEqual([]);
    });

    test("a double press posts once without selecting text; the QR is final until New package", async ({
      openScenario,
    }) => {
      test.setTimeout(60_000);
      const { page, errors, posts, demo } = await openForm(openScenario);
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

      await fillPackageForm(page);

      const submit = $(page, "package-submit");
      await submit.scrollIntoViewIfNeeded();
      const top = await scrollY(page);
      await doublePress(page, "package-submit", viewport);
      await expect.poll(() => posts.length).toBe(1);
      await expect(submit).toContainText(t.sending);
      expect(await selection(page)).toBe("");
      expect(await scrollY(page)).toBe(top);
      await expect(submit).toHaveAttribute("aria-disabled", "true");

      answer();
      await $(page, "package-qr-image").waitFor({ timeout: 15_000 });
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "generated");

      // Final: the form is locked with its values, its button says the QR is made; no press posts.
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await expect(submit).toHaveText(t.generated);
      await expect(field(page, "sender_name")).toBeDisabled();
      await expect(field(page, "sender_name")).toHaveValue("Kurir Paxel");
      await expect($(page, "photo-input")).toBeDisabled();
      await submit.dblclick({ force: true });
      await submit.click({ force: true });
      await page.evaluate(() =>
        document.querySelector<HTMLFormElement>('[data-testid="package-form"]')?.requestSubmit(),
      );
      expect(await selection(page)).toBe("");

      // New package: an empty form for the same locker, the focus in its first field.
      const next = $(page, "package-new");
      await expect(next).toHaveText(t.newPackage);
      await press(page, "package-new", viewport);
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "idle");
      await expect(field(page, "sender_name")).toHaveValue("");
      await expect(field(page, "sender_name")).toBeEnabled();
      await expect(field(page, "sender_name")).toBeFocused();
      await expect(field(page, "locker_location")).toHaveValue(demo.params.get("name") ?? "");
      await expect($(page, "photo-thumbnail")).toHaveCount(0);
      await expect($(page, "slider-handle")).toHaveValue("0");
      await expect(submit).toHaveText(t.send);
      await expect(submit).not.toHaveAttribute("aria-disabled");
      await expect($(page, "field-error")).toHaveCount(0);
      expect(posts).toHaveLength(1);

      // The next parcel is the second post: nothing was posted in between.
      await fillPackageForm(page, { recipient: "Budi Santoso" });
      const second = page.waitForRequest(isFormPost);
      await press(page, "package-submit", viewport);
      expect((await postedForm(await second)).get("recipient_name")).toBe("Budi Santoso");
      await expect($(page, "package-qr")).toHaveAttribute("data-state", "generated", { timeout: 15_000 });
      expect(posts).toHaveLength(2);
      // Each package its own key: the second is no repeat of the first.
      const [firstKey, secondKey] = await Promise.all(
        posts.map(async (post) => (await postedForm(post)).get("send_key")),
      );
      expect(firstKey).not.toBe(secondKey);
      expect(errors).toEqual([]);
    });

    test("the QR appears 2000 ms after the answer is in, not before (spec §9)", async ({ openScenario }) => {
      test.setTimeout(60_000);
      const { page, errors, demo } = await openScenario("package-form", { viewport, language: lang });
      // The page's timers run on the test's clock: with time flowing until the form is ready, then held.
      await page.clock.install();
      await visit(page, demo.url);
      await fillPackageForm(page);
      const key = await page.locator('input[name="send_key"]').inputValue();
      await page.clock.pauseAt(Date.now() + 1_000);

      const answered = page.waitForResponse((response) => isFormPost(response.request()));
      await press(page, "package-submit", viewport);
      expect((await answered).status()).toBe(200);
      const qr = $(page, "package-qr");
      // The answer is in once the page's data after it is (the next package's key).
      await expect(page.locator('input[name="send_key"]')).not.toHaveValue(key);
      await page.clock.runFor(1_999);
      await expect(qr).toHaveAttribute("data-state", "generating");
      await expect($(page, "package-qr-image")).toHaveCount(0);
      await page.clock.runFor(1);
      await expect(qr).toHaveAttribute("data-state", "generated");
      await $(page, "package-qr-image").waitFor();
      expect(errors).toEqual([]);
    });

    test("a double press on an empty form shows the messages from the top, selects nothing, keeps the focus", async ({
      openScenario,
    }) => {
      const { page, posts } = await openForm(openScenario);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await doublePress(page, "package-submit", viewport);
      await expect(fieldError(page, "sender_name")).toHaveText(t.messages.senderName);
      // Spec §5: the submit scrolls to the top; the second press lands on whatever is there now.
      await expect.poll(() => scrollY(page)).toBe(0);
      expect(await selection(page)).toBe("");
      await expect(field(page, "sender_name")).toBeFocused();
      await expect(page).toHaveURL((url) => url.pathname === "/package");
      expect(posts).toHaveLength(0);
    });
  });
}

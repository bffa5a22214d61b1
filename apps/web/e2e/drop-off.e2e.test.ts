import type { Page } from "playwright-core";
import { beforeAll } from "vitest";
import { animationsDone, everyFrame, hydrated, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
import { createScenario, decodeQr, fillPackageForm } from "./support/journeys.ts";
import {
  $,
  field,
  fieldError,
  fillText,
  packageTexts,
  postedPhoto,
  sliderValue,
  watchPosts,
} from "./support/package-form.ts";
import { cameraJpeg, smallPng } from "./support/photos.ts";

/**
 * The drop-off package form with its scripts running (spec §2 "Data Package", §4, §5): the form is
 * checked in the browser with the contract's schema before anything is posted, the photo is made
 * small before it is posted, a double tap posts once; the slider by drag, keyboard and a tap at its
 * end; the no-door box, the redirect without a box id, and a send the API refuses.
 */

/** The form's code runs. */
const live = (page: Page) =>
  $(page, "package-form").and(page.locator("[data-live]")).waitFor({ state: "attached" });

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

describe.each(everyFrame)("package form with its scripts at %s in %s", (viewport, lang) => {
  const t = packageTexts[lang];
  const first = viewport === everyFrame[0]?.[0] && lang === everyFrame[0]?.[1];
  const second = viewport === everyFrame[1]?.[0] && lang === everyFrame[1]?.[1];
  let url = "";

  beforeAll(async () => {
    url = (await createScenario("package-form")).url;
  });

  it("checks the form in the browser first: every message of spec §5, nothing posted, the top, the first error focused", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const posts = watchPosts(page);
    await visit(page, url);
    expect(await page.locator("main h1").textContent()).toBe(t.title);
    expect(await field(page, "locker_location").inputValue()).toBe(
      new URL(url, "http://x").searchParams.get("name"),
    );
    const options = await $(page, "field-package_size").locator("option").allTextContents();
    const dimension = lang === "en" ? "dimension" : "dimensi";
    expect(options[1]).toMatch(new RegExp(`^\\S+( Food)? \\[${dimension} cm\\] \\d+ x \\d+ x \\d+$`));

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await $(page, "package-submit").click();
    await expect.poll(() => fieldError(page, "sender_name")).toBe(t.messages.senderName);
    expect(await fieldError(page, "recipient_name")).toBe(t.messages.recipientName);
    expect(await fieldError(page, "recipient_mobile_number")).toBe(t.messages.recipientMobileNumber);
    expect(await fieldError(page, "locker_location")).toBeNull();
    expect(await fieldError(page, "package_size")).toBe(t.messages.packageSize);
    expect(await fieldError(page, "package_photo")).toBe(t.messages.packagePhoto);
    expect(await fieldError(page, "slider_verification")).toBe(t.messages.slider);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("sender_name");
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("idle");
    expect(posts).toHaveLength(0);

    // Digits only while typing; the format rule; values trimmed (the message goes once filled).
    const phone = field(page, "recipient_mobile_number");
    await phone.pressSequentially("08a12-34 5");
    expect(await phone.inputValue()).toBe("0812345");
    await phone.blur();
    await expect
      .poll(() => fieldError(page, "recipient_mobile_number"))
      .toBe(t.messages.recipientMobileNumberFormat);
    // A pasted formatted number keeps every digit: stripped first, then cut to 14 digits.
    await phone.fill("");
    await phone.focus();
    await page.keyboard.insertText("+62 812-3456-7890");
    expect(await phone.inputValue()).toBe("6281234567890");
    await page.keyboard.insertText("98");
    expect(await phone.inputValue()).toBe("62812345678909");
    await phone.fill("0811222233333");
    await expect.poll(() => fieldError(page, "recipient_mobile_number")).toBeNull();
    const sender = field(page, "sender_name");
    await sender.fill("  JNE  ");
    await sender.blur();
    await expect.poll(() => sender.inputValue()).toBe("JNE");
    expect(await fieldError(page, "sender_name")).toBeNull();

    if (first || second) {
      // A file that is not an image, and one that only claims to be, are refused.
      const input = $(page, "photo-input");
      await input.setInputFiles({ name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
      await expect.poll(() => fieldError(page, "package_photo")).toBe(t.messages.photoNotImage);
      await input.setInputFiles({
        name: "fake.png",
        mimeType: "image/png",
        buffer: Buffer.from("not a png"),
      });
      await expect.poll(() => fieldError(page, "package_photo")).toBe(t.messages.photoUnreadable);
      // A real image: thumbnail, size line and the preview modal.
      await input.setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: smallPng() });
      await $(page, "photo-thumbnail").waitFor();
      await expect.poll(() => fieldError(page, "package_photo")).toBeNull();
      expect(await $(page, "photo-status").textContent()).toMatch(/KB|B\)/);
      await $(page, "photo-view").click();
      const preview = $(page, "photo-preview");
      await expect.poll(() => preview.isVisible()).toBe(true);
      expect(await preview.locator("img").getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
      expect(await preview.locator("h2").textContent()).toBe(t.photoPreviewTitle);
      await page.keyboard.press("Escape");
      await expect.poll(() => preview.isVisible()).toBe(false);
    }
    expect(posts).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it("makes the camera's photo small before posting it, posts once for a double press, and shows the QR", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("package-form");
    const { page, errors } = await open({ viewport, language: lang });
    await visit(page, demo.url);
    const posts = watchPosts(page);
    await fillText(page);
    const photo = await cameraJpeg();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    await $(page, "photo-input").setInputFiles({
      name: "IMG_4000x3000.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await $(page, "photo-thumbnail").waitFor({ timeout: 20_000 });
    await $(page, "slider-handle").focus();
    await page.keyboard.press("End");

    await doublePress(page, "package-submit", viewport);
    await expect.poll(() => posts.length).toBe(1);
    const qr = $(page, "package-qr");
    await expect.poll(() => qr.getAttribute("data-state"), { timeout: 20_000 }).toBe("generated");
    // One post, by the page's scripts, with the photo made small in the browser (upright: portrait).
    expect(posts.map((post) => new URL(post.url()).pathname)).toEqual(["/package.data"]);
    const posted = await postedPhoto(posts[0]!);
    expect(posted.format).toBe("jpeg");
    expect(posted.bytes).toBeLessThanOrEqual(300 * 1024);
    expect(Math.max(posted.width, posted.height)).toBeLessThanOrEqual(1600);
    expect(posted.height).toBeGreaterThan(posted.width);
    expect(await decodeQr($(page, "package-qr-image"))).toMatch(/^PXB-D-/);
    // The QR is in view; the form stays locked with its values.
    expect(await qr.evaluate((panel) => panel.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    expect(await field(page, "sender_name").inputValue()).toBe("Kurir Paxel");
    expect(await field(page, "sender_name").isDisabled()).toBe(true);
    await $(page, "package-submit").click({ force: true });
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it.runIf(first || second)(
    "passes the slider by drag (an early release springs back after 500 ms), a tap at its end and the keyboard",
    async ({ open }) => {
      const { page } = await open({ viewport, language: lang });
      // The very first drag after load counts, whether the page's code runs yet or not.
      await page.goto(url, { waitUntil: "domcontentloaded" });
      const slider = $(page, "slider-handle");
      const track = $(page, "slider-track");
      await slider.scrollIntoViewIfNeeded();
      const box = (await track.boundingBox())!;
      expect(Math.round(box.width)).toBe(250);
      expect(Math.round(box.height)).toBe(40);
      const y = box.y + box.height / 2;
      const start = box.x + 20;
      await page.mouse.move(start, y);
      await page.mouse.down();
      await page.mouse.move(start + 120, y, { steps: 6 });
      await page.mouse.move(box.x + box.width + 20, y, { steps: 6 });
      await page.mouse.up();
      expect(await sliderValue(page)).toBe(100);
      await hydrated(page);
      await live(page);
      // The running form took it as passed.
      await $(page, "package-submit").click();
      await expect.poll(() => fieldError(page, "sender_name")).toBe(t.messages.senderName);
      expect(await fieldError(page, "slider_verification")).toBeNull();
      await expect.poll(() => slider.getAttribute("aria-valuetext")).toBe(t.slider.passed);
      expect(await $(page, "slider-status").textContent()).toBe(t.slider.verifiedAnnouncement);

      // Released halfway: stays put, then springs back 500 ms after the release (measured in the page).
      await visit(page, url);
      await slider.scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const range = document.querySelector<HTMLInputElement>('[data-testid="slider-handle"]');
        (window as unknown as { sliderRelease: Promise<unknown> }).sliderRelease = new Promise((resolve) => {
          range?.addEventListener(
            "pointerup",
            () => {
              const releasedAt = performance.now();
              const atRelease = Number(range.value);
              const check = () => {
                if (range.value === "0") resolve({ atRelease, resetAfter: performance.now() - releasedAt });
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            },
            { once: true },
          );
        });
      });
      await page.mouse.move(start, y);
      await page.mouse.down();
      await page.mouse.move(start + 100, y, { steps: 6 });
      await page.mouse.up();
      const release = (await page.evaluate(
        () => (window as unknown as { sliderRelease: Promise<unknown> }).sliderRelease,
      )) as { atRelease: number; resetAfter: number };
      expect(release.atRelease).toBeGreaterThan(20);
      expect(release.resetAfter).toBeGreaterThanOrEqual(450);
      expect(await slider.getAttribute("aria-valuetext")).toContain(t.slider.notVerified);

      // A tap at the end of the bar, without dragging.
      await animationsDone(page);
      if (viewport === "mobile") await page.touchscreen.tap(box.x + box.width - 6, y);
      else await page.mouse.click(box.x + box.width - 6, y);
      await expect.poll(() => sliderValue(page)).toBe(100);
      // A fixed wait: past the 500 ms after which a released slider springs back; a passed one stays.
      await page.waitForTimeout(600);
      expect(await sliderValue(page)).toBe(100);

      // Keyboard: arrows move it, End finishes.
      await visit(page, url);
      await slider.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      expect(await sliderValue(page)).toBe(2);
      await page.keyboard.press("ArrowLeft");
      expect(await sliderValue(page)).toBe(1);
      await page.keyboard.press("End");
      await expect.poll(() => slider.getAttribute("aria-valuetext")).toBe(t.slider.passed);
      // Passed is final: it stays at the end.
      await page.keyboard.press("Home");
      expect(await sliderValue(page)).toBe(100);
    },
  );
});

describe("package form edges", () => {
  it("says 'No locker available' for a full box and goes home without a box id", async ({ openScenario }) => {
    const { page, demo: full } = await openScenario("package-form-no-doors", {
      viewport: "mobile",
      language: "en",
    });
    await visit(page, full.url);
    const size = $(page, "field-package_size");
    await expect.poll(() => size.textContent()).toContain("No locker available");
    expect(await size.locator("select").isDisabled()).toBe(true);

    const response = await visit(page, "/package?name=Somewhere");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(response?.status()).toBe(200);
    await visit(page, "/package?boxId=abc");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("asks for the door sizes itself where the server could not draw them", async ({ open }) => {
    const { page, errors } = await open({ viewport: "mobile", language: "id" });
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    // A box the API does not know: its sizes fail on the server, so the page asks itself.
    await visit(page, "/package?boxId=999999&name=Nowhere");
    await expect.poll(() => requests.includes("/api/v1/box/lockers/999999/sizes")).toBe(true);
    expect(await field(page, "package_size").isDisabled()).toBe(true);
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
  });

  it.for(["mobile", "desktop"] as const)(
    "%s: a send the API refuses says 'Oops...' with its message, then the form opens again 2 s later",
    async (viewport, { openScenario }) => {
      const { page, errors, demo } = await openScenario("package-form", { viewport, language: "en" });
      await visit(page, demo.url);
      await fillPackageForm(page);
      // A size the locker has no free door of (the list only offers free ones; a courier's page may
      // be old): the API refuses the send.
      const taken = await field(page, "package_size").evaluate((select) => {
        const offered = new Set([...(select as HTMLSelectElement).options].map((option) => option.value));
        const size = ["SELIBOX", "XL Food", "L Food", "M Food", "S Food", "XL", "L", "S"].find(
          (name) => !offered.has(name),
        ) as string;
        (select as HTMLSelectElement).add(new Option(size, size));
        return size;
      });
      await field(page, "package_size").selectOption(taken);
      await $(page, "package-submit").click();

      const qr = $(page, "package-qr");
      await expect.poll(() => qr.getAttribute("data-state")).toBe("generating");
      expect(await $(page, "package-submit").getAttribute("aria-disabled")).toBe("true");
      const dialog = $(page, "error-dialog");
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
      const answeredAt = Date.now();
      expect(await dialog.locator("h2").textContent()).toBe("Oops...");
      expect(await dialog.textContent()).toContain(packageTexts.en.noLocker);
      expect(await $(page, "package-form-error").textContent()).toContain(packageTexts.en.noLocker);
      await expect.poll(() => qr.getAttribute("data-state"), { interval: 50, timeout: 5000 }).toBe("idle");
      expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(1500);
      expect(await $(page, "package-qr-image").count()).toBe(0);
      // The form opens again with its values, for another try.
      await dialog.getByRole("button").click();
      expect(await $(page, "package-submit").getAttribute("aria-disabled")).toBeNull();
      expect(await field(page, "sender_name").isDisabled()).toBe(false);
      expect(await field(page, "sender_name").inputValue()).toBe("Kurir Paxel");
      expect(await $(page, "photo-thumbnail").count()).toBe(1);
      // Another size: sent, under a new key (the refused one would be refused again).
      await field(page, "package_size").selectOption("M");
      await $(page, "package-submit").click();
      await expect.poll(() => qr.getAttribute("data-state"), { timeout: 15_000 }).toBe("generated");
      expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    },
  );
});

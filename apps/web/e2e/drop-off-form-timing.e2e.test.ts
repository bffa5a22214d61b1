import type { Page, Request } from "playwright-core";
import en from "../src/locales/en/drop-off.ts";
import id from "../src/locales/id/drop-off.ts";
import { type Lang, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
import { phonePhoto, smallPng } from "./support/photos.ts";

/**
 * The package form under real-world timing (issue "Every journey right under real-world timing"):
 * a submit pressed while a phone photo is still being prepared waits for it and sends it once; a
 * double tap or double click sends once, selects no text and does not move the page between the
 * presses; a generated QR is final until "New package".
 */

const texts = { id, en } as const;
const $ = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);
const sendPath = "/api/v1/dropoff/packages";

declare global {
  interface Window {
    __releasePhoto?: () => void;
  }
}

const isSend = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === sendPath;

/** Every send request the page makes, in order. */
function watchSends(page: Page): Request[] {
  const sends: Request[] = [];
  page.on("request", (request) => {
    if (isSend(request)) sends.push(request);
  });
  return sends;
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

async function fieldError(page: Page, field: string): Promise<string | null> {
  const error = page.locator(`[data-testid="field-${field}"] [data-testid="field-error"]`);
  return (await error.count()) ? ((await error.textContent()) ?? "").trim() : null;
}

async function fillText(page: Page, recipient = "Rina Kartika"): Promise<void> {
  await $(page, "field-sender_name").locator("input").fill("Kurir Paxel");
  await $(page, "field-recipient_name").locator("input").fill(recipient);
  await $(page, "field-recipient_mobile_number").locator("input").fill("0811222233333");
  await $(page, "field-package_size").locator("select").selectOption("M");
}

/** A tap on the phone, a click on desktop. */
async function press(page: Page, testId: string, viewport: ViewportName): Promise<void> {
  if (viewport === "mobile") await $(page, testId).tap();
  else await $(page, testId).click();
}

async function passSlider(page: Page, viewport: ViewportName): Promise<void> {
  await press(page, "slider-handle", viewport);
  await expect.poll(() => $(page, "slider-handle").getAttribute("aria-valuenow")).toBe("100");
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

const selection = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? "");
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["desktop", "en"],
];

describe.each(combos)("package form timing at %s in %s", (viewport, lang) => {
  const t = texts[lang].package;

  it("a submit pressed while the photo is prepared waits for it, then sends it once", async ({
    openScenario,
  }) => {
    const { page, errors, demo } = await openScenario("package-form", { viewport, language: lang });
    await holdPhotoPreparation(page);
    await visit(page, demo.url);
    const sends = watchSends(page);
    await fillText(page);
    await passSlider(page, viewport);

    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(1_000_000);
    await $(page, "photo-input").setInputFiles({
      name: "IMG_4000x3000.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await expect.poll(() => $(page, "photo-status").textContent()).toContain(t.photoPreparing);

    // Pressed at once: the button says the photo is being prepared; no "empty" message, no send.
    const submit = $(page, "package-submit");
    await press(page, "package-submit", viewport);
    await expect.poll(() => submit.textContent()).toContain(t.photoPreparing);
    expect(await submit.getAttribute("aria-disabled")).toBe("true");
    expect(await fieldError(page, "package_photo")).toBeNull();
    expect(await $(page, "field-error").count()).toBe(0);
    expect(sends).toHaveLength(0);

    // The photo is ready: it is sent, once, without another press.
    const sent = page.waitForRequest(isSend);
    await page.evaluate(() => window.__releasePhoto?.());
    const body = (await sent).postDataJSON() as { photo: string; recipientName: string };
    expect(body.recipientName).toBe("Rina Kartika");
    expect(body.photo).toMatch(/^data:image\/jpeg;base64,/);
    expect(Buffer.from(body.photo.split(",")[1] ?? "", "base64").length).toBeLessThanOrEqual(300 * 1024);

    await $(page, "package-qr-image").waitFor({ timeout: 10_000 });
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("generated");
    expect(await fieldError(page, "package_photo")).toBeNull();
    expect(sends).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it("a double press sends once without selecting text; the QR is final until New package", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("package-form");
    const locker = demo.params.get("name");
    const { page, errors } = await open({ viewport, language: lang });
    await visit(page, demo.url);
    const sends = watchSends(page);
    // The first answer is held, so that the second press lands while the send is in flight.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**${sendPath}`, async (route) => {
      await held;
      await route.fallback();
    });

    await fillText(page);
    await $(page, "photo-input").setInputFiles({ name: "p.png", mimeType: "image/png", buffer: smallPng() });
    await $(page, "photo-thumbnail").waitFor({ timeout: 15_000 });
    await passSlider(page, viewport);

    const submit = $(page, "package-submit");
    await submit.scrollIntoViewIfNeeded();
    const top = await scrollY(page);
    await doublePress(page, "package-submit", viewport);
    await expect.poll(() => sends.length).toBe(1);
    await expect.poll(() => submit.textContent()).toContain(t.sending);
    expect(await selection(page)).toBe("");
    expect(await scrollY(page)).toBe(top);
    expect(await submit.getAttribute("aria-disabled")).toBe("true");

    answer();
    await $(page, "package-qr-image").waitFor({ timeout: 10_000 });
    expect(await $(page, "package-qr").getAttribute("data-state")).toBe("generated");

    // Final: the form is locked with its values, its button says the QR is made; no press sends.
    expect(await submit.getAttribute("aria-disabled")).toBe("true");
    expect((await submit.textContent())?.trim()).toBe(t.generated);
    expect(await $(page, "field-sender_name").locator("input").isDisabled()).toBe(true);
    expect(await $(page, "field-sender_name").locator("input").inputValue()).toBe("Kurir Paxel");
    expect(await $(page, "photo-input").isDisabled()).toBe(true);
    // (By mouse: on the phone a further touch tap here would make the "New package" tap below, a
    // moment later, the third tap of one multi-tap — which the page rightly ignores.)
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
    const sender = $(page, "field-sender_name").locator("input");
    expect(await sender.inputValue()).toBe("");
    expect(await sender.isDisabled()).toBe(false);
    await expect.poll(() => focusedName(page)).toBe("sender_name");
    expect(await $(page, "field-locker_location").locator("textarea").inputValue()).toBe(locker);
    expect(await $(page, "photo-thumbnail").count()).toBe(0);
    expect(await $(page, "slider-handle").getAttribute("aria-valuenow")).toBe("0");
    expect(await submit.textContent()).toBe(t.send);
    expect(await submit.getAttribute("aria-disabled")).toBeNull();
    expect(await $(page, "field-error").count()).toBe(0);

    // The next parcel is the second send: nothing was sent in between.
    await fillText(page, "Budi Santoso");
    await $(page, "photo-input").setInputFiles({ name: "p.png", mimeType: "image/png", buffer: smallPng() });
    await $(page, "photo-thumbnail").waitFor({ timeout: 15_000 });
    await passSlider(page, viewport);
    const second = page.waitForRequest(isSend);
    await press(page, "package-submit", viewport);
    expect(((await second).postDataJSON() as { recipientName: string }).recipientName).toBe("Budi Santoso");
    expect(
      sends.map((request) => (request.postDataJSON() as { recipientName: string }).recipientName),
    ).toEqual(["Rina Kartika", "Budi Santoso"]);
    await $(page, "package-qr-image").waitFor({ timeout: 10_000 });
    expect(sends).toHaveLength(2);
    expect(errors).toEqual([]);
  }, 60_000);

  it("the QR appears 2000 ms after the send is answered, not before (spec §9)", async ({ openScenario }) => {
    const { page, errors, demo } = await openScenario("package-form", { viewport, language: lang });
    // The page's timers run on the test's clock: with time flowing until the form is ready, then held.
    await page.clock.install();
    await visit(page, demo.url);
    await fillText(page);
    await $(page, "photo-input").setInputFiles({ name: "p.png", mimeType: "image/png", buffer: smallPng() });
    await $(page, "photo-thumbnail").waitFor({ timeout: 15_000 });
    await passSlider(page, viewport);
    await page.clock.pauseAt(Date.now() + 1_000);

    const answered = page.waitForResponse((response) => isSend(response.request()));
    await press(page, "package-submit", viewport);
    expect((await answered).status()).toBe(200);
    const qr = $(page, "package-qr");
    // The answer is taken in when its QR picture is stored; the 2000 ms start then.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("bloburl")?.startsWith("data:image/")))
      .toBe(true);
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
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await doublePress(page, "package-submit", viewport);
    await expect.poll(() => fieldError(page, "sender_name")).toBe(t.messages.senderName);
    // Spec §5: the submit scrolls to the top; the second press lands on whatever is there now.
    expect(await scrollY(page)).toBe(0);
    expect(await selection(page)).toBe("");
    expect(await focusedName(page)).toBe("sender_name");
    expect(new URL(page.url()).pathname).toBe("/package");
  });
});

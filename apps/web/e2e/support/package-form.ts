import type { Page, Request } from "playwright-core";
import sharp from "sharp";
// The package form's messages file, not `locales/*/drop-off.ts`: Playwright's loader needs the import
// attribute on a JSON import, which those files (bundled by Vite) do not give.
import en from "../../src/locales/en/drop-off/package.json" with { type: "json" };
import id from "../../src/locales/id/drop-off/package.json" with { type: "json" };
import { baseUrl, holdScripts, type Lang, type ViewportName, visit } from "./browser.ts";
import type { OpenScenario } from "./fixtures.ts";
import { type KioskResult, readQr, scanAtKiosk } from "./journeys.ts";
import { smallPng } from "./photos.ts";

/** The package form's page in the browser tests (spec §2 "Data Package"): its texts, fields and posts. */

export const packageTexts = { id, en } as const;

export const $ = (page: Page, testId: string) => page.getByTestId(testId);

/** A field's message as shown under it (none: `toHaveCount(0)`). */
export const fieldError = (page: Page, field: string) => $(page, `field-${field}`).getByTestId("field-error");

export const field = (page: Page, name: string) =>
  $(page, `field-${name}`)
    .locator(name === "package_size" ? "select" : "input, textarea")
    .first();

/** The form's address in the page's language: Indonesian by default, English by `?lang=en`. */
export const inLanguage = (url: string, lang: Lang) => (lang === "en" ? `${url}&lang=en` : url);

/** What a courier types into the form's text fields and picks as the size. */
export interface PackageEntry {
  sender?: string;
  recipient?: string;
  phone?: string;
  size?: string;
}

/** A photo for the photo field: a file on disk, or one given by its bytes. */
export type PhotoFile = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * Sender, recipient, phone and size as a courier types them: by default spaces around the sender's
 * name and the phone with its dashes (the form trims and keeps digits; the action's schema does the same).
 */
export async function fillText(page: Page, entry: PackageEntry = {}): Promise<void> {
  const {
    sender = "  Kurir Paxel ",
    recipient = "Rina Kartika",
    phone = "0811-2222-3333",
    size = "M",
  } = entry;
  await field(page, "sender_name").fill(sender);
  await field(page, "recipient_name").fill(recipient);
  await field(page, "recipient_mobile_number").fill(phone);
  await field(page, "package_size").selectOption(size);
}

/**
 * Chooses the package photo (a small PNG by default) and, with the page's scripts running, waits
 * for its thumbnail (`thumbnail: false` for a page that runs none, or to catch what comes before).
 */
export async function choosePhoto(
  page: Page,
  photo: PhotoFile = { name: "parcel.png", mimeType: "image/png", buffer: smallPng() },
  { thumbnail = true, timeout = 15_000 } = {},
): Promise<void> {
  await $(page, "photo-input").setInputFiles(photo);
  if (thumbnail) await $(page, "photo-thumbnail").waitFor({ timeout });
}

/** Moves the verification slider to its far end with the keyboard (End), as without the page's scripts. */
export async function passSlider(page: Page): Promise<void> {
  const slider = $(page, "slider-handle");
  await slider.focus();
  await slider.press("End");
}

/**
 * Fills the package form as a courier would (`fillText`, a photo, its thumbnail awaited unless
 * `thumbnail: false`) and passes its slider.
 */
export async function fillPackageForm(
  page: Page,
  {
    photo,
    thumbnail,
    thumbnailTimeout,
    ...entry
  }: PackageEntry & { photo?: PhotoFile; thumbnail?: boolean; thumbnailTimeout?: number } = {},
): Promise<void> {
  await fillText(page, entry);
  await choosePhoto(page, photo, { thumbnail, timeout: thumbnailTimeout });
  await passSlider(page);
}

/** The slider's value as the control holds it (0 … 100; 100 is passed). */
export const sliderValue = async (page: Page) => Number(await $(page, "slider-handle").inputValue());

/** A tap on the phone, a click on desktop. */
export async function press(page: Page, testId: string, viewport: ViewportName): Promise<void> {
  if (viewport === "mobile") await $(page, testId).tap();
  else await $(page, testId).click();
}

/** Two quick presses at one point of the screen: two touch taps on the phone, a double click on desktop. */
export async function doublePress(page: Page, testId: string, viewport: ViewportName): Promise<void> {
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

declare global {
  interface Window {
    __releasePhoto?: () => void;
  }
}

/**
 * Holds the page's photo preparation (its image decoding) until `releasePhoto(page)`: "Menyiapkan
 * foto…" lasts exactly as long as the test wants. Call before the page is opened.
 */
export async function holdPhotoPreparation(page: Page): Promise<void> {
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

/** Lets the photo preparation held by `holdPhotoPreparation` go on. */
export async function releasePhoto(page: Page): Promise<void> {
  await page.evaluate(() => window.__releasePhoto?.());
}

/** Whether a request is the form's post to its route action (by the browser, or by the page's scripts). */
export const isFormPost = (request: Request) =>
  request.method() === "POST" && /^\/package(\.data)?$/.test(new URL(request.url()).pathname);

/** Every post of the form the page makes, in order. */
export function watchPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (isFormPost(request)) posts.push(request);
  });
  return posts;
}

/** A post's fields as the action receives them (multipart parsed as the server does). */
export async function postedForm(request: Request): Promise<FormData> {
  const body = request.postDataBuffer() ?? Buffer.alloc(0);
  const type = (await request.allHeaders())["content-type"] ?? "";
  return new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
}

/** The photo a post carries: its bytes and its size in pixels. */
export async function postedPhoto(request: Request) {
  const file = (await postedForm(request)).get("package_photo");
  if (!(file instanceof File)) throw new Error("the post carries no photo file");
  const bytes = Buffer.from(await file.arrayBuffer());
  const { width = 0, height = 0, format } = await sharp(bytes).metadata();
  return { bytes: bytes.length, width, height, format, type: file.type };
}

/**
 * A parcel sent through the API (as the form sends it) and stored at the kiosk: the kiosk's answer,
 * with the recipient's link.
 */
export async function storeParcel(
  boxId: number,
  { size = "M", phone = "0811222233333" }: { size?: string; phone?: string } = {},
): Promise<KioskResult> {
  const sent = await fetch(`${baseUrl}/api/v1/dropoff/packages`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({
      takeUserPhoneNumber: phone,
      box: { id: boxId },
      mouth: { mouthType: { name: size } },
      photo: `data:image/png;base64,${smallPng().toString("base64")}`,
      recipientName: "Rina Kartika",
      senderName: "Kurir Lain",
    }),
  });
  if (!sent.ok) throw new Error(`a send of ${size}: HTTP ${sent.status} ${await sent.text()}`);
  const code = readQr(Buffer.from(await sent.arrayBuffer()));
  if (code === null) throw new Error("the send's QR could not be read");
  const stored = await scanAtKiosk(code, boxId);
  if (stored.status !== 200) throw new Error(`storing ${size}: HTTP ${stored.status} ${stored.body.message}`);
  return stored;
}

/**
 * Another courier at the same locker: stores parcels of `size` until the box has no free door of it
 * (a page opened before still offers the size).
 */
export async function takeFreeDoors(boxId: number, size: string): Promise<void> {
  for (;;) {
    const sizes = await fetch(`${baseUrl}/api/v1/box/lockers/${boxId}/sizes`);
    const { data } = (await sizes.json()) as { data: { name: string; available: number }[] };
    if (!data.some((door) => door.name === size)) return;
    await storeParcel(boxId, { size });
  }
}

/**
 * How the package form's page gets its scripts: it runs them (`run`), runs none (`none`: a browser
 * that runs no script, the form's route action answers it alone), or they come late (`held`: every
 * script held back from the first paint until `release()`).
 */
export type Scripts = "run" | "none" | "held";

/**
 * Opens a fresh package form (a new demo record) as a courier at `viewport` in `lang`, every post of
 * the form watched (`posts`). Without scripts the address carries the language (`inLanguage`); with
 * them it is chosen before, as a returning visitor's. `run` waits for hydration.
 */
export async function openPackageForm(
  openScenario: OpenScenario,
  viewport: ViewportName,
  lang: Lang,
  scripts: Scripts,
) {
  const visitor = scripts === "none" ? { viewport, javaScriptEnabled: false } : { viewport, language: lang };
  const { page, errors, demo } = await openScenario("package-form", visitor);
  const release = scripts === "held" ? await holdScripts(page) : () => {};
  const posts = watchPosts(page);
  if (scripts === "run") await visit(page, demo.url);
  else if (scripts === "none") await page.goto(inLanguage(demo.url, lang));
  else await page.goto(demo.url, { waitUntil: "domcontentloaded" });
  return { page, errors, demo, posts, release, boxId: Number(demo.params.get("boxId")) };
}

import type { Page, Request } from "playwright-core";
import sharp from "sharp";
import en from "../../src/locales/en/drop-off.ts";
import id from "../../src/locales/id/drop-off.ts";
import type { Lang, ViewportName } from "./browser.ts";

/** The package form's page in the browser tests (spec §2 "Data Package"): its texts, fields and posts. */

export const packageTexts = { id: id.package, en: en.package } as const;

export const $ = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);

/** A field's message as shown under it, or null. */
export async function fieldError(page: Page, field: string): Promise<string | null> {
  // Read at once (no waiting for an element that may just have gone).
  const [text] = await page
    .locator(`[data-testid="field-${field}"] [data-testid="field-error"]`)
    .allTextContents();
  return text === undefined ? null : text.trim();
}

export const field = (page: Page, name: string) =>
  $(page, `field-${name}`)
    .locator(name === "package_size" ? "select" : "input, textarea")
    .first();

/** The form's address in the page's language: Indonesian by default, English by `?lang=en`. */
export const inLanguage = (url: string, lang: Lang) => (lang === "en" ? `${url}&lang=en` : url);

/** Sender, recipient, phone and size as a courier types them (the phone with its dashes). */
export async function fillText(page: Page, recipient = "Rina Kartika"): Promise<void> {
  await field(page, "sender_name").fill("  Kurir Paxel ");
  await field(page, "recipient_name").fill(recipient);
  await field(page, "recipient_mobile_number").fill("0811-2222-3333");
  await field(page, "package_size").selectOption("M");
}

/** The slider's value as the control holds it (0 … 100; 100 is passed). */
export const sliderValue = async (page: Page) => Number(await $(page, "slider-handle").inputValue());

/** A tap on the phone, a click on desktop. */
export async function press(page: Page, testId: string, viewport: ViewportName): Promise<void> {
  if (viewport === "mobile") await $(page, testId).tap();
  else await $(page, testId).click();
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

import { PNG } from "pngjs";
import { submitAndWait, visit } from "./support/browser.ts";
import { decodeQr, scanAtKiosk } from "./support/journeys.ts";
import {
  $,
  choosePhoto,
  field,
  fillText,
  holdPhotoPreparation,
  type PackageEntry,
  passSlider,
  releasePhoto,
} from "./support/package-form.ts";
import { cameraJpegFile } from "./support/photos.ts";
import { describeShots, shot } from "./support/shots.ts";

/**
 * Screenshots of every drop-off screen and modal for review (from apps/web):
 * `SHOTS_DIR=/tmp/shots-drop-off npx playwright test e2e/drop-off-screenshots`.
 * Skipped unless SHOTS_DIR is set.
 */

/** Long names, as the screens must lay them out. */
const longEntry: PackageEntry = {
  sender: "Kurir Paxel Same Day",
  recipient: "Rina Kartika Setyaningrum",
  phone: "0811222233333",
};

function photo(): Buffer {
  const png = new PNG({ width: 400, height: 300 });
  for (let y = 0; y < 300; y++) {
    for (let x = 0; x < 400; x++) {
      const i = (y * 400 + x) * 4;
      png.data[i] = 180 + Math.round((x / 400) * 60);
      png.data[i + 1] = 130 + Math.round((y / 300) * 50);
      png.data[i + 2] = 80;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

describeShots(
  "drop-off screenshots",
  async ({ open, scenario, viewport, lang, suffix }) => {
    const { page } = await open({ viewport, language: lang });

    // Package form: empty, with every message, photo preview, generated QR; a full box.
    const form = await scenario("package-form");
    const boxId = Number(form.params.get("boxId"));
    await visit(page, form.url);
    await shot(page, `package-${suffix}`);
    await $(page, "package-submit").click();
    await $(page, "field-error").first().waitFor();
    await shot(page, `package-errors-${suffix}`);
    await fillText(page, longEntry);
    await choosePhoto(page, { name: "p.png", mimeType: "image/png", buffer: photo() });
    await $(page, "photo-view").click();
    await $(page, "photo-preview").locator("img").waitFor();
    await shot(page, `package-photo-preview-${suffix}`, false);
    await page.keyboard.press("Escape");
    const track = $(page, "slider-track");
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 130, box.y + 20, { steps: 5 });
    await shot(page, `package-slider-dragging-${suffix}`, false);
    await page.mouse.move(box.x + 270, box.y + 20, { steps: 5 });
    await page.mouse.up();
    await shot(page, `package-slider-passed-${suffix}`, false);
    await $(page, "package-submit").click();
    await $(page, "package-qr-generating").waitFor();
    await shot(page, `package-generating-${suffix}`, false);
    await $(page, "package-qr-image").waitFor();
    await shot(page, `package-qr-${suffix}`);
    const stored = await scanAtKiosk(await decodeQr($(page, "package-qr-image")), boxId);
    const link = stored.body.data?.recipientLink ?? "";
    const linkToken = new URL(link, "http://x").searchParams.get("token") ?? "";
    const orderId = stored.body.data?.orderId ?? 0;

    const full = await scenario("package-form-no-doors");
    await visit(page, full.url);
    await $(page, "field-package_size").locator("select[disabled]").waitFor();
    await shot(page, `package-no-doors-${suffix}`);

    // Order detail of the stored parcel (English keeps its language with a stored token).
    await page.evaluate((token) => localStorage.setItem("user_token", token), linkToken);
    const orderPath = lang === "en" ? `/order?orderid=${orderId}` : link;
    await visit(page, orderPath);
    await $(page, "order-screen").waitFor();
    await $(page, "location-info").waitFor();
    await $(page, "order-how-to").locator("summary").click();
    await shot(page, `order-${suffix}`);
    await shot(page, `order-top-${suffix}`, false);
    await $(page, "location-photo").click();
    await $(page, "location-photo-viewer").locator("img").waitFor();
    await shot(page, `order-photo-viewer-${suffix}`, false);
    await page.goBack();

    // Overdue page with a failed-payment warning and the fee details open.
    const due = await scenario("dropoff-overdue-need-to-pay");
    const dueToken = due.token;
    await page.evaluate((token) => localStorage.setItem("user_token", token), dueToken);
    const dueId = due.params.get("orderid");
    await visit(
      page,
      lang === "en" ? `/overduepayment?orderid=${dueId}&status=failed` : `${due.url}&status=failed`,
    );
    await $(page, "overdue-screen").waitFor();
    await $(page, "overdue-total-toggle").click();
    await $(page, "overdue-email").fill("rina@");
    await $(page, "overdue-email").blur();
    await shot(page, `overdue-${suffix}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `overdue-top-${suffix}`, false);
    await $(page, "overdue-email").fill("rina.kartika@example.com");
    await $(page, "overdue-select-payment").click();
    await page.waitForURL((url) => url.pathname.startsWith("/demo/"));
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment");
    await $(page, "overdue-paid-qr").waitFor();
    await shot(page, `overdue-success-payment-${suffix}`);
    await shot(page, `overdue-success-payment-top-${suffix}`, false);

    // Result pages.
    await visit(page, "/overduepayment/success");
    await shot(page, `overdue-success-${suffix}`);
    await visit(page, "/overduepayment/expire");
    await shot(page, `overdue-expire-${suffix}`);
  },
  120_000,
);

describeShots("drop-off form timing screenshots", async ({ open, scenario, viewport, lang, suffix }) => {
  const { page } = await open({ viewport, language: lang });
  // The photo's preparation waits for the test, so that the submit is caught waiting for it.
  await holdPhotoPreparation(page);
  await visit(page, (await scenario("package-form")).url);
  await fillText(page, longEntry);
  await passSlider(page);
  await choosePhoto(page, { name: "p.png", mimeType: "image/png", buffer: photo() }, { thumbnail: false });
  await $(page, "package-submit").click();
  await page.locator('[data-testid="package-submit"][aria-disabled="true"]').waitFor();
  await shot(page, `package-waiting-photo-${suffix}`, false);
  await releasePhoto(page);
  await $(page, "package-qr-image").waitFor({ timeout: 10_000 });
  await shot(page, `package-qr-final-${suffix}`);
  await shot(page, `package-qr-final-view-${suffix}`, false);
  await page.evaluate(() =>
    document.querySelector('[data-testid="package-submit"]')?.scrollIntoView({ block: "center" }),
  );
  await shot(page, `package-form-locked-${suffix}`, false);
  await $(page, "package-new").click();
  await $(page, "package-qr").and(page.locator('[data-state="idle"]')).waitFor({ state: "attached" });
  await shot(page, `package-new-${suffix}`, false);
});

const plain = { scripts: false };
describeShots(
  "package form without scripts screenshots",
  async ({ open, scenario, viewport, lang, suffix }) => {
    const { page } = await open({ viewport, javaScriptEnabled: false });
    const form = await scenario("package-form");
    const address = lang === "en" ? `${form.url}&lang=en` : form.url;
    await page.goto(address);
    await shot(page, `package-noscript-${suffix}`, true, plain);
    await field(page, "sender_name").fill(longEntry.sender as string);
    await choosePhoto(
      page,
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") },
      { thumbnail: false },
    );
    await shot(page, `package-noscript-photo-chosen-${suffix}`, false, plain);
    await $(page, "slider-handle").focus();
    await page.keyboard.press("PageUp");
    await page.keyboard.press("PageUp");
    await page.keyboard.press("PageUp");
    await page.keyboard.press("PageUp");
    await shot(page, `package-noscript-slider-moved-${suffix}`, false, plain);
    await submitAndWait(page, $(page, "package-submit"));
    await shot(page, `package-noscript-errors-${suffix}`, true, plain);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `package-noscript-errors-top-${suffix}`, false, plain);
    // The rest (the sender's name as the refusal kept it); the phone as typed, with its dashes.
    await fillText(page, { ...longEntry, phone: "0811-2222-3333" });
    await choosePhoto(page, await cameraJpegFile(), { thumbnail: false });
    await passSlider(page);
    await shot(page, `package-noscript-filled-${suffix}`, false, plain);
    await submitAndWait(page, $(page, "package-submit"));
    await $(page, "package-qr-image").waitFor();
    await shot(page, `package-noscript-qr-${suffix}`, true, plain);
    await shot(page, `package-noscript-qr-view-${suffix}`, false, plain);
  },
  90_000,
);

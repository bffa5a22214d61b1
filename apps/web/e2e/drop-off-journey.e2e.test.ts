// The screens' own messages files, not `locales/*/drop-off.ts`: Playwright's loader needs the import
// attribute on a JSON import, which those files (bundled by Vite) do not give.
import enOrder from "../src/locales/en/drop-off/order.json" with { type: "json" };
import enResults from "../src/locales/en/drop-off/results.json" with { type: "json" };
import idOrder from "../src/locales/id/drop-off/order.json" with { type: "json" };
import idResults from "../src/locales/id/drop-off/results.json" with { type: "json" };
import { phoneAndDesktop, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { advanceOrder, api, decodeQr, payOverdueAtSandbox, scanAtKiosk } from "./support/journeys.ts";
import {
  $,
  fillPackageForm,
  isFormPost,
  openPackageForm,
  postedForm,
  postedPhoto,
} from "./support/package-form.ts";
import { phonePhoto, smallPng } from "./support/photos.ts";

/**
 * The whole drop-off journey of issue 5, in Chromium, reading every QR code off the screen:
 * package form → kiosk stores the parcel → the recipient's order page → the parcel becomes overdue
 * → overdue payment with the sandbox's Pay → success-payment QR → kiosk pick-up (once).
 */

const texts = {
  id: { order: idOrder, results: idResults },
  en: { order: enOrder, results: enResults },
} as const;
const dayMinutes = 24 * 60;

for (const [viewport, lang] of phoneAndDesktop) {
  describe(`drop-off journey at ${viewport} in ${lang}`, () => {
    const t = texts[lang];

    test("package form → kiosk store → order page → overdue → Pay → success-payment → kiosk pick-up", async ({
      openScenario,
    }) => {
      test.setTimeout(90_000);
      // 1. The sender fills the form.
      const { page, errors, boxId } = await openPackageForm(openScenario, viewport, lang, "run");
      const big = viewport === "mobile";
      const photo = big ? await phonePhoto(page) : smallPng();
      if (big) expect(photo.length).toBeGreaterThan(1_000_000);
      await fillPackageForm(page, {
        phone: "0811222233333",
        photo: {
          name: big ? "IMG_4000x3000.jpg" : "parcel.png",
          mimeType: big ? "image/jpeg" : "image/png",
          buffer: photo,
        },
      });

      const sent = page.waitForRequest(isFormPost);
      await $(page, "package-submit").click();
      const post = await sent;
      const qr = $(page, "package-qr");
      await expect(qr).toHaveAttribute("data-state", "generating");
      const form = await postedForm(post);
      expect(Object.fromEntries([...form].filter(([, value]) => typeof value === "string"))).toMatchObject({
        sender_name: "Kurir Paxel",
        recipient_name: "Rina Kartika",
        recipient_mobile_number: "0811222233333",
        package_size: "M",
        slider_verification: "100",
      });
      expect(new URL(post.url()).searchParams.get("boxId")).toBe(String(boxId));
      const posted = await postedPhoto(post);
      expect(posted.type).toBe("image/jpeg");
      if (big) {
        // Made small in the browser: at most ~300 KB, longest side at most 1600 px.
        expect(posted.bytes).toBeLessThanOrEqual(300 * 1024);
        expect(Math.max(posted.width, posted.height)).toBeLessThanOrEqual(1600);
        expect(posted.width / posted.height).toBeCloseTo(4 / 3, 1);
      }

      // 2. The QR appears 2 s after the answer; read it off the screen and store the parcel.
      const image = $(page, "package-qr-image");
      await image.waitFor({ timeout: 10_000 });
      await expect(qr).toHaveAttribute("data-state", "generated");
      const storeBox = (await image.boundingBox())!;
      expect(Math.round(storeBox.width)).toBeGreaterThanOrEqual(240);
      const storeCode = await decodeQr(image);
      expect(storeCode).toMatch(/^PXB-D-/);
      const stored = await scanAtKiosk(storeCode, boxId);
      expect(stored.status).toBe(200);
      expect(stored.body.data?.action).toBe("dropoff-store");
      const recipientLink = stored.body.data?.recipientLink ?? "";
      const orderId = stored.body.data?.orderId ?? 0;
      const door = stored.body.data?.doorNumber ?? "";
      expect(recipientLink).toMatch(/^\/order\?orderid=\d+&token=/);
      expect((await scanAtKiosk(storeCode, boxId)).status).toBe(409);

      // 3. The recipient opens the link; the page keeps the language chosen on the site, and the
      //    token leaves the address bar once it is validated.
      const linkToken = new URL(recipientLink, "http://x").searchParams.get("token") ?? "";
      await visit(page, recipientLink);
      await $(page, "order-screen").waitFor();
      await expect($(page, "header-title")).toHaveText(lang === "en" ? "Order Detail" : "Detail Order");
      await expect($(page, "order-door")).toContainText(door);
      await expect($(page, "order-qr").locator("h2")).toHaveText(t.order.qrHeading);
      const takeCode = await decodeQr($(page, "order-qr-code"));
      expect(takeCode).toMatch(/^PXB-T-/);

      // 4. Two days and a bit later the parcel is overdue: the page moves on by itself.
      await advanceOrder(orderId, 2 * dayMinutes + 90);
      await page.waitForURL((url) => url.pathname === "/overduepayment", { timeout: 10_000 });
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("orderid") === String(orderId) && !url.searchParams.has("token"),
      );
      await $(page, "overdue-screen").waitFor();
      // The kiosk refuses the free pick-up now.
      expect((await scanAtKiosk(takeCode, boxId)).status).toBe(409);

      const detail = await api<{ overdueTotalPrice: number; overdueBasePrice: number; overdueDays: number }>(
        `/api/v1/dropoff/overdue/${orderId}`,
        linkToken,
      );
      expect(detail.data.overdueDays).toBe(1);
      await expect($(page, "overdue-total")).toHaveText(
        `Rp. ${detail.data.overdueTotalPrice.toLocaleString("de-DE")}`,
      );
      // 5. Pay at the sandbox checkout.
      const paidQr = await payOverdueAtSandbox(page);
      await expect($(page, "overdue-paid-door")).toContainText(door);
      await expect($(page, "overdue-paid")).toContainText(t.results.warning);
      await expect($(page, "overdue-paid-validity")).toHaveText(
        lang === "en" ? /^Valid until \d/ : /^Berlaku sampai \d/,
      );
      await expect.poll(() => page.evaluate(() => localStorage.getItem("overdue"))).toBeNull();

      // 6. The paid QR opens the door once; the old free code stays refused.
      const pickupCode = await decodeQr(paidQr);
      expect(pickupCode).toMatch(/^PXB-P-/);
      const picked = await scanAtKiosk(pickupCode, boxId);
      expect(picked.status).toBe(200);
      expect(picked.body.data?.action).toBe("pickup");
      expect(picked.body.data?.orderStatus).toBe("CUSTOMER_TAKEN");
      expect((await scanAtKiosk(pickupCode, boxId)).status).toBe(409);
      expect((await scanAtKiosk(takeCode, boxId)).status).toBe(409);

      expect(errors).toEqual([]);
    });
  });
}

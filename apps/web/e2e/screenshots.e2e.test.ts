import { mkdir } from "node:fs/promises";
import path from "node:path";
import { animationsDone, everyFrame, visit } from "./support/browser.ts";
import { describe, test } from "./support/fixtures.ts";

/**
 * Screenshots of the shell's screens for review: `SHOTS_DIR=/tmp/shots npm run e2e -- screenshots`.
 * Skipped unless SHOTS_DIR is set.
 */
const shotsDir = process.env.SHOTS_DIR;

const screens: { name: string; path: string; setup?: "oops" | "menu" }[] = [
  { name: "landing", path: "/" },
  { name: "landing-menu", path: "/", setup: "menu" },
  { name: "not-found", path: "/no/such/page" },
  { name: "debug", path: "/debug" },
  { name: "webview-order", path: "/order?orderid=1" },
  { name: "webview-overdue", path: "/overduepayment?orderid=1" },
  { name: "bare-expire", path: "/overduepayment/expire" },
  { name: "oops", path: "/order?orderid=1&token=expired", setup: "oops" },
];

describe("screenshots", () => {
  test.skip(!shotsDir, "SHOTS_DIR is not set");
  for (const [viewport, lang] of everyFrame) {
    test(`${viewport} ${lang}`, async ({ open }) => {
      const dir = shotsDir ?? "";
      await mkdir(dir, { recursive: true });
      const { page } = await open({ viewport, language: lang });
      for (const screen of screens) {
        if (screen.setup === "menu" && viewport !== "mobile") continue;
        await page.unrouteAll();
        if (screen.setup === "oops") {
          await page.route("**/api/webview/v1/members/auth?*", (route) =>
            route.fulfill({
              status: 401,
              contentType: "application/json",
              body: JSON.stringify({
                code: 401,
                message:
                  lang === "en"
                    ? "Your session has ended. Please sign in to the app again."
                    : "Sesi kamu sudah berakhir. Silakan masuk kembali ke aplikasi.",
              }),
            }),
          );
        }
        await visit(page, screen.path);
        await page.evaluate(() => document.fonts.ready);
        if (screen.setup === "oops") await page.getByTestId("error-dialog").waitFor();
        if (screen.setup === "menu") {
          await page.getByTestId("menu-toggle").click();
          await animationsDone(page);
        }
        await page.screenshot({
          path: path.join(dir, `${screen.name}-${viewport}-${lang}.png`),
          fullPage: screen.setup === undefined,
        });
      }
    });
  }
});

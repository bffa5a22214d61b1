import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { type Lang, newContext, type ViewportName, visit } from "./support/browser.ts";

/** Axe on the shell's screens: no serious or critical violations (WCAG 2.1 AA rules). */
const pages = ["/", "/services", "/order?orderid=1", "/order-status/action", "/debug", "/no/such/page"];

describe("accessibility", () => {
  for (const [viewport, lang] of [
    ["mobile", "id"],
    ["desktop", "en"],
  ] as [ViewportName, Lang][]) {
    it(`has no serious violations at ${viewport} in ${lang}`, async () => {
      const context = await newContext({ viewport, language: lang });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of pages) {
        await visit(page, path);
        const result = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .analyze();
        for (const violation of result.violations) {
          if (violation.impact === "serious" || violation.impact === "critical") {
            found.push(
              `${path}: ${violation.id} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
            );
          }
        }
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }

  it("keeps the mobile menu accessible when open", async () => {
    const context = await newContext({ viewport: "mobile" });
    const page = await context.newPage();
    await visit(page, "/");
    await page.locator('[data-testid="menu-toggle"]').click();
    await page.waitForTimeout(350);
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(
      result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([]);
    await context.close();
  });
});

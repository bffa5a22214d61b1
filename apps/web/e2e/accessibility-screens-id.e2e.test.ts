import { auditScreens } from "./support/a11y-screens.ts";
import { axeViolations } from "./support/axe.ts";
import { visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

/** WCAG 2.2 AA (axe) on every screen and dialog in Indonesian; the table is in `support/a11y-screens.ts`. */
auditScreens("id");

describe("the axe audit itself", () => {
  test("finds a violation in the page and in the part it is given, and none outside that part", async ({
    page,
  }) => {
    await visit(page, "/");
    await page.evaluate(() => {
      const broken = document.createElement("div");
      broken.id = "broken";
      broken.innerHTML = '<button type="button"></button><img src="/favicon.ico">';
      document.querySelector("main")?.append(broken);
    });
    const rules = (found: string[]) => found.map((line) => line.split(" ")[1]).sort();
    expect(rules(await axeViolations(page, "page"))).toEqual(["button-name", "image-alt"]);
    expect(rules(await axeViolations(page, "part", "#broken"))).toEqual(["button-name", "image-alt"]);
    expect(await axeViolations(page, "header", "header")).toEqual([]);
  });
});

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The WCAG 2.2 AA rule sets (2.0, 2.1 and 2.2 A/AA, which brings `target-size`). */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every axe violation of the page as it is now (or of the part `scope` selects), one line each
 * (rule, impact, elements).
 */
export async function axeViolations(page: Page, label: string, scope?: string): Promise<string[]> {
  // Only the violations' elements are collected (those of passed and inapplicable rules are not
  // read here, and gathering them is a good part of each run's work). One `axe.run` in the page
  // (legacy mode) instead of a partial run per frame finished in a blank page opened for it: half
  // of each audit's time. What it leaves out, the content of cross-origin frames, is the video and
  // map embeds of other sites (stubs here); their `<iframe>` elements are audited in the page.
  const builder = new AxeBuilder({ page })
    .withTags(wcagTags)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true);
  if (scope) builder.include(scope);
  const result = await builder.analyze();
  return result.violations.map(
    (violation) =>
      `${label}: ${violation.id} (${violation.impact}) — ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}

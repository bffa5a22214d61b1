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
  // read here, and gathering them is a good part of each run's work).
  const builder = new AxeBuilder({ page }).withTags(wcagTags).options({ resultTypes: ["violations"] });
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

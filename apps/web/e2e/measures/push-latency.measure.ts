import { collectErrors, type Lang, type ViewportName } from "../support/browser.ts";
import { describe, expect, test } from "../support/fixtures.ts";
import { cancelWhileShown, pickUpWhileShown, startTwoInstances } from "../support/two-instances.ts";

/**
 * How soon a change written through one API instance is on a screen served by another (ADR 020):
 * within 1 s at the 95th percentile, which the 5 s poll alone could not do. That the stream brings
 * it at all is a behaviour test (`push.e2e.test.ts`).
 */
const instances = startTwoInstances();

describe.configure({ mode: "default" });

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(share * values.length) - 1] ?? Number.NaN;

test("kiosk scan and cancel → screen: p95 ≤ 1 s over 20 changes, id and en, phone and desktop", async ({
  newContext,
}) => {
  test.setTimeout(240_000);
  const combos: [ViewportName, Lang][] = [
    ["mobile", "id"],
    ["desktop", "en"],
    ["mobile", "en"],
    ["desktop", "id"],
  ];
  const delays: number[] = [];
  const errors: string[] = [];
  for (const [viewport, lang] of combos) {
    const context = await newContext({ viewport, language: lang });
    for (let round = 0; round < 5; round++) {
      const page = await context.newPage();
      const seen = collectErrors(page);
      delays.push(
        await (round % 2 === 0
          ? pickUpWhileShown(page, instances, lang)
          : cancelWhileShown(page, instances, lang)),
      );
      await page.close();
      errors.push(...seen);
    }
  }
  const p95 = percentile(delays, 0.95);
  console.log(
    `[push] change → screen over ${delays.length}: median ${percentile(delays, 0.5)} ms, p95 ${p95} ms`,
  );
  expect(p95).toBeLessThanOrEqual(1000);
  expect(errors).toEqual([]);
});

import type { BrowserContext, Page } from "playwright-core";
import { test as base } from "vitest";
import { baseUrl, type ContextOptions, collectErrors, getBrowser, type Lang, newContext } from "./browser.ts";
import { createScenario } from "./journeys.ts";

/**
 * Browser tests on Vitest fixtures. A test names what it needs (`{ page, errors, scenario }`) and
 * gets it fresh; every context it opened is closed after it, whether it passed or failed.
 *
 * - `contextOptions`: viewport, language, storage… for `context`; set for a block with
 *   `it.override("contextOptions", { viewport: "mobile" })`.
 * - `context`, `page`, `errors`: one context with one page, and the console and page errors that
 *   page reports.
 * - `open(options)`: another context and page (and its errors) in the same test, e.g. one per
 *   viewport and language, or a second visitor; closed with the test.
 * - `newContext(options)`: a bare context, closed with the test; `{ plain: true }` for one with
 *   Playwright's defaults and no routing.
 * - `scenario(id, options)`: a fresh demo record (`createScenario`).
 * - `openScenario(id, contextOptions, scenarioOptions)`: a fresh demo record (`demo`) and a context
 *   and page to open it in, as `open` gives them.
 */

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export const it = base
  .extend("browser", { scope: "file" }, () => getBrowser())
  .extend("contextOptions", {} as ContextOptions)
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture uses from its first argument.
  .extend("newContext", async ({}, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      // Routes first: a handler still waiting (a held request, a page that keeps redirecting) would
      // otherwise fail on the closed page after the test.
      await Promise.all(
        contexts.map(async (context) => {
          await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: "ignoreErrors" })));
          await context.unrouteAll({ behavior: "ignoreErrors" });
          await context.close();
        }),
      );
    });
    return async (options: ContextOptions & { plain?: boolean } = {}) => {
      // `plain`: Playwright's own defaults, no routing (with routing it turns the HTTP cache off).
      const context = options.plain
        ? await (await getBrowser()).newContext({ baseURL: baseUrl })
        : await newContext(options);
      contexts.push(context);
      return context;
    };
  })
  .extend("open", ({ newContext }) => async (options: ContextOptions = {}): Promise<Opened> => {
    const context = await newContext(options);
    const page = await context.newPage();
    return { context, page, errors: collectErrors(page) };
  })
  .extend("context", ({ newContext, contextOptions }) => newContext(contextOptions))
  .extend("page", ({ context }) => context.newPage())
  .extend("errors", ({ page }) => collectErrors(page))
  .extend("scenario", () => createScenario)
  .extend(
    "openScenario",
    ({ open }) =>
      async (id: string, options: ContextOptions = {}, scenarioOptions: { language?: Lang } = {}) => ({
        ...(await open(options)),
        demo: await createScenario(id, scenarioOptions),
      }),
  );

export const test = it;
/** The `newContext` fixture: a context closed with the test. */
export type NewContext = (options?: ContextOptions & { plain?: boolean }) => Promise<BrowserContext>;
/** The `open` fixture: another context and page, closed with the test. */
export type Open = (options?: ContextOptions) => Promise<Opened>;
export { describe, expect } from "vitest";

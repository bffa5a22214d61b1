import { test as base, expect } from "@playwright/test";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl, type ContextOptions, collectErrors, type Lang, newContext } from "./browser.ts";
import { createScenario, type Scenario } from "./journeys.ts";

/**
 * Browser tests on Playwright's runner. A test names what it needs (`{ page, errors, scenario }`)
 * and gets it fresh; every context it opened is closed after it, whether it passed or failed (a
 * failed test's trace is kept, `playwright.config.ts`).
 *
 * - `visitor`: viewport, language, storage… for `context`; set for a block with
 *   `test.use({ visitor: { viewport: "mobile" } })`.
 * - `context`, `page`, `errors`: one context with one page, and the console and page errors that
 *   page reports.
 * - `open(options)`: another context and page (and its errors) in the same test, e.g. one per
 *   viewport and language, or a second visitor; closed with the test.
 * - `newContext(options)`: a bare context, closed with the test; `{ plain: true }` for one with
 *   Playwright's defaults and no routing.
 * - `scenario(id, options)`: a fresh demo record (`createScenario`).
 * - `openScenario(id, visitor, scenarioOptions)`: a fresh demo record (`demo`) and a context
 *   and page to open it in, as `open` gives them.
 */

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** The `newContext` fixture: a context closed with the test. */
export type NewContext = (options?: ContextOptions & { plain?: boolean }) => Promise<BrowserContext>;
/** The `open` fixture: another context and page, closed with the test. */
export type Open = (options?: ContextOptions) => Promise<Opened>;

/** The `openScenario` fixture: a fresh demo record and a context and page to open it in. */
export type OpenScenario = (
  id: string,
  options?: ContextOptions,
  scenarioOptions?: { language?: Lang },
) => Promise<Opened & { demo: Scenario }>;

interface Fixtures {
  visitor: ContextOptions;
  newContext: NewContext;
  open: Open;
  errors: string[];
  scenario: typeof createScenario;
  openScenario: OpenScenario;
}

export const test = base.extend<Fixtures>({
  visitor: [{}, { option: true }],
  newContext: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      // `plain`: Playwright's own defaults, no routing (with routing it turns the HTTP cache off).
      const context = options.plain
        ? await browser.newContext({ baseURL: baseUrl })
        : await newContext(browser, options);
      contexts.push(context);
      return context;
    });
    // Routes first: a handler still waiting (a held request, a page that keeps redirecting) would
    // otherwise fail on the closed page after the test.
    await Promise.all(
      contexts.map(async (context) => {
        await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: "ignoreErrors" })));
        await context.unrouteAll({ behavior: "ignoreErrors" });
        await context.close();
      }),
    );
  },
  open: async ({ newContext }, use) => {
    await use(async (options = {}) => {
      const context = await newContext(options);
      const page = await context.newPage();
      return { context, page, errors: collectErrors(page) };
    });
  },
  context: async ({ newContext, visitor }, use) => {
    await use(await newContext(visitor));
  },
  page: async ({ context }, use) => {
    await use(await context.newPage());
  },
  errors: async ({ page }, use) => {
    await use(collectErrors(page));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture uses from its first argument.
  scenario: async ({}, use) => {
    await use(createScenario);
  },
  openScenario: async ({ open }, use) => {
    await use(async (id, options = {}, scenarioOptions = {}) => ({
      ...(await open(options)),
      demo: await createScenario(id, scenarioOptions),
    }));
  },
});

export const { describe } = test;
export { expect };

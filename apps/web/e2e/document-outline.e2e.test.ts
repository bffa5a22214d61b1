import { JSDOM } from "jsdom";
import { baseUrl } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { createScenario } from "./support/journeys.ts";

/**
 * Every document the server sends has a title, and every section a heading (as the Nu HTML Checker
 * asks: "Section lacks heading"), in both languages — read from the server's HTML, as a screen
 * reader or a browser without scripts meets it.
 */
const scenarios = [
  "rent-to-store",
  "rent-in-store",
  "rent-in-store-overdue",
  "rent-ended",
  "rent-cancelled",
  "dropoff-in-store",
  "dropoff-overdue-need-to-pay",
  "dropoff-overdue-taken",
  "dropoff-overdue-expired",
  "package-form",
  "package-form-no-doors",
  "guest-book-individu",
  "landing-with-orderid",
];

/** Pages opened by a path, some with a rent's query (the action pages of spec §2). */
async function paths(lang: "id" | "en"): Promise<string[]> {
  const rent = await createScenario("rent-in-store", { language: lang });
  const query = `orderid=${rent.orderId}&token=${rent.token}`;
  return [
    "/",
    "/services",
    "/debug",
    "/not-a-page",
    `/order-status/action?act=cancel_success&${query}`,
    `/order-status/action?act=stop_success&${query}`,
    `/order-status/action?act=open_locker&${query}`,
    `/order-status/action?act=stop_count&${query}`,
    "/overduepayment/success",
    "/overduepayment/expire",
  ];
}

function outline(html: string) {
  const { document } = new JSDOM(html).window;
  const untitled = !document.title.trim();
  const sections = [...document.querySelectorAll("section")]
    .filter((section) => !section.querySelector("h1, h2, h3, h4, h5, h6"))
    .map((section) => section.outerHTML.slice(0, 120));
  return { untitled, sections };
}

describe("document outline", () => {
  for (const lang of ["id", "en"] as const) {
    test(`(${lang}) every document has a title and every section a heading`, async () => {
      const urls = [
        ...(await Promise.all(
          scenarios.map(async (id) => (await createScenario(id, { language: lang })).url),
        )),
        ...(await paths(lang)),
      ];
      const problems: string[] = [];
      for (const url of urls) {
        const response = await fetch(new URL(url, baseUrl), { headers: { cookie: `language=${lang}` } });
        const found = outline(await response.text());
        const page = new URL(url, baseUrl).pathname;
        if (found.untitled) problems.push(`${page} (${url}): no <title>`);
        for (const section of found.sections)
          problems.push(`${page}: a section without a heading: ${section}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

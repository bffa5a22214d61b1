// @vitest-environment jsdom
import "../../../lib/i18n/messages/rent";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { testRoot } from "../../../../test/test-root";
import { createI18n, ensureLanguage, I18nProvider, type Language } from "../../../lib/i18n/i18n";
import { CountdownCard } from "./countdown-card";

const dom = testRoot();

beforeAll(async () => {
  await ensureLanguage("en");
});

/** What the card's live region says with `left` ms to go. */
async function spoken(left: number, language: Language = "id") {
  const deadline = Date.now() + left;
  const Stub = createRoutesStub([
    { path: "/", Component: () => <CountdownCard deadline={deadline} label="Store by" hint="" /> },
  ]);
  await dom.render(
    <I18nProvider i18n={createI18n(language, { product: "Paxel" })}>
      <Stub initialEntries={["/"]} />
    </I18nProvider>,
  );
  return dom.container.querySelector('[aria-live="polite"]')?.textContent;
}

describe("the countdown's words for screen readers", () => {
  it("never promise more than is left: 'more than' whole steps, 'less than a minute' at the end", async () => {
    expect(await spoken(47 * 60_000 + 30_000)).toBe("Sisa waktu: lebih dari 45 menit");
    expect(await spoken(2 * 3_600_000 + 3 * 60_000)).toBe("Sisa waktu: lebih dari 2 jam");
    expect(await spoken(3 * 60_000 + 10_000, "en")).toBe("Time left: more than 3 minutes");
    expect(await spoken(30_000)).toBe("Sisa waktu: kurang dari semenit");
    expect(await spoken(30_000, "en")).toBe("Time left: less than a minute");
    expect(await spoken(-1_000, "en")).toBe("Time is up");
  });
});

// @vitest-environment jsdom
import type { ContentSetting, Settings } from "@paxelbox/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testRoot } from "../../../test/test-root";
import { cleanSettings, settingsQueryOptions } from "../../api/settings";
import { createI18n, ensureLanguage, I18nProvider } from "../../lib/i18n/i18n";
import { ContentBlock } from "./content-block";

const entry = (name: ContentSetting["name"], title: string, html: string): ContentSetting => ({
  name,
  setting_value: { title, title_bahasa: title, description: html, description_bahasa: html },
});

const settings: Settings = {
  paxelbox_content: [
    entry(
      "how_to_put_items",
      "Put your items in door {{door_number}}",
      '<ol><li>Open door {{door_number}}</li><li>Close it</li></ol><img src="x" onerror="alert(1)">',
    ),
    entry("attention_pick_up_dropoff", "", "<p>Works only once.</p>"),
    {
      name: "how_to_stop_rent",
      setting_value: {
        title: "",
        title_bahasa: "Cara berhenti sewa",
        description: "",
        description_bahasa: "<p>Tekan Berhenti Sewa.</p>",
      },
    },
  ],
  enabled_userapp_feature: [],
};

describe("<ContentBlock>", () => {
  const dom = testRoot();
  const { $ } = dom;

  // The settings query holds what `cleanSettings` made of the API's answer.
  let clean: Settings;
  beforeAll(async () => {
    await ensureLanguage("en");
    clean = await cleanSettings(settings);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function render(node: ReactNode, data: Settings | null = clean) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    if (data) client.setQueryData(settingsQueryOptions().queryKey, data);
    else vi.stubGlobal("fetch", () => new Promise(() => undefined));
    await dom.render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={createI18n("en", { product: "Paxel" })}>{node}</I18nProvider>
      </QueryClientProvider>,
    );
  }

  it("shows the entry as a card titled by it, the door filled in and the HTML sanitised", async () => {
    await render(<ContentBlock name="how_to_put_items" doorNumber="12" />);
    const block = $("content-how_to_put_items");
    expect(block?.querySelector("h2")?.textContent).toBe("Put your items in door 12");
    expect(block?.getAttribute("aria-labelledby")).toBe(block?.querySelector("h2")?.id);
    expect(block?.querySelectorAll("li")).toHaveLength(2);
    expect(block?.textContent).toContain("Open door 12");
    expect(block?.innerHTML).not.toContain("{{door_number}}");
    expect(block?.innerHTML).not.toContain("onerror");
  });

  it("draws a note with the screen's title when the entry has none, and a details card", async () => {
    await render(
      <>
        <ContentBlock
          name="attention_pick_up_dropoff"
          variant="note"
          fallbackTitle="Attention"
          testId="note"
        />
        <ContentBlock name="how_to_put_items" doorNumber={7} variant="details" testId="how-to" />
      </>,
    );
    expect($("note")?.getAttribute("role")).toBe("note");
    expect($("note")?.textContent).toContain("Attention");
    expect($("note")?.textContent).toContain("Works only once.");
    expect($("how-to")?.tagName).toBe("DETAILS");
    expect($("how-to")?.querySelector("summary")?.textContent).toBe("Put your items in door 7");
  });

  it("marks a text shown in the other language (this one's empty) with its lang, and only that one", async () => {
    await render(
      <>
        <ContentBlock name="how_to_stop_rent" />
        <ContentBlock name="how_to_stop_rent" variant="warning" testId="warning" />
        <ContentBlock name="how_to_put_items" testId="own" />
      </>,
    );
    for (const block of [$("content-how_to_stop_rent"), $("warning")]) {
      expect(block?.querySelector("h2")?.textContent).toBe("Cara berhenti sewa");
      expect(block?.querySelector("h2")?.getAttribute("lang")).toBe("id");
      expect(block?.querySelector("p")?.textContent).toBe("Tekan Berhenti Sewa.");
      expect(block?.querySelector("p")?.closest("[lang]")?.getAttribute("lang")).toBe("id");
    }
    expect($("own")?.querySelector("[lang]")).toBeNull();
  });

  it("shows nothing for an entry the settings do not have", async () => {
    await render(<ContentBlock name="how_to_open_locker" />);
    expect(dom.container.innerHTML).toBe("");
  });

  it("holds the place with a skeleton while the settings load, unless told not to", async () => {
    await render(<ContentBlock name="how_to_put_items" />, null);
    expect(dom.container.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await render(<ContentBlock name="how_to_put_items" skeleton={false} />, null);
    expect(dom.container.innerHTML).toBe("");
  });
});

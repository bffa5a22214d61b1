// @vitest-environment jsdom
import type { Settings } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { cleanSettings, contentText, isFeatureEnabled } from "./settings";

const settings: Settings = {
  paxelbox_content: [
    {
      name: "how_to_pick_up_items",
      setting_value: {
        title: "How to pick up",
        title_bahasa: "Cara mengambil",
        description: '<ol><li>Go to door {{door_number}}</li></ol><img src=x onerror="alert(1)">',
        description_bahasa: "<p>Menuju pintu {{door_number}}</p><script>alert(1)</script>",
      },
    },
  ],
  enabled_userapp_feature: [
    { name: "snap_bi_paxelbox", setting_value: "enabled" },
    { name: "yellowai", setting_value: "disabled" },
  ],
};

describe("settings content", () => {
  it("is sanitised once, as the settings arrive; then picks the language and fills the door number", async () => {
    const clean = await cleanSettings(settings);
    const en = contentText(clean, "how_to_pick_up_items", "en", 12);
    expect(en).toEqual({ title: "How to pick up", html: "<ol><li>Go to door 12</li></ol>" });
    const id = contentText(clean, "how_to_pick_up_items", "id", "7");
    expect(id?.html).toBe("<p>Menuju pintu 7</p>");
    expect(contentText(clean, "how_to_stop_rent", "en")).toBeNull();
    // The raw settings are not touched.
    expect(settings.paxelbox_content[0]?.setting_value.description).toContain("onerror");
  });

  it("puts the door number into the HTML as text", async () => {
    const clean = await cleanSettings(settings);
    const door = '<img src=x onerror="alert(1)">';
    const en = contentText(clean, "how_to_pick_up_items", "en", door);
    expect(en?.html).toBe("<ol><li>Go to door &lt;img src=x onerror=&quot;alert(1)&quot;&gt;</li></ol>");
    expect(contentText(clean, "how_to_pick_up_items", "en", "A&B")?.html).toContain("door A&amp;B");
  });

  it("takes the other language's text where this one's is empty, and says which it is", async () => {
    const halfEnglish: Settings = {
      paxelbox_content: [
        {
          name: "how_to_stop_rent",
          setting_value: {
            title: "",
            title_bahasa: "Cara berhenti",
            description: "<p>Tap Stop</p>",
            description_bahasa: "<p>Tekan Berhenti</p>",
          },
        },
      ],
      enabled_userapp_feature: [],
    };
    const clean = await cleanSettings(halfEnglish);
    expect(contentText(clean, "how_to_stop_rent", "en")).toEqual({
      title: "Cara berhenti",
      titleLang: "id",
      html: "<p>Tap Stop</p>",
    });
    expect(contentText(clean, "how_to_stop_rent", "id")).toStrictEqual({
      title: "Cara berhenti",
      html: "<p>Tekan Berhenti</p>",
    });
  });

  it("reads feature flags", () => {
    expect(isFeatureEnabled(settings, "snap_bi_paxelbox")).toBe(true);
    expect(isFeatureEnabled(settings, "yellowai")).toBe(false);
    expect(isFeatureEnabled(settings, "snap_bi_dropoff")).toBe(false);
    expect(isFeatureEnabled(undefined, "snap_bi_dropoff")).toBe(false);
  });
});

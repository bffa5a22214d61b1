// @vitest-environment jsdom
import type { Settings } from "@paxelbox/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { contentText, isFeatureEnabled, loadSanitizer } from "./settings";

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

describe("settings content before DOMPurify is loaded", () => {
  it("shows no HTML", () => {
    expect(contentText(settings, "how_to_pick_up_items", "en", 12)?.html).toBe("");
  });
});

describe("settings content", () => {
  beforeAll(async () => {
    await loadSanitizer();
  });

  it("picks the language, fills the door number and strips scripts", () => {
    const en = contentText(settings, "how_to_pick_up_items", "en", 12);
    expect(en).toEqual({ title: "How to pick up", html: "<ol><li>Go to door 12</li></ol>" });
    const id = contentText(settings, "how_to_pick_up_items", "id", "7");
    expect(id?.html).toBe("<p>Menuju pintu 7</p>");
    expect(contentText(settings, "how_to_stop_rent", "en")).toBeNull();
  });

  it("reads feature flags", () => {
    expect(isFeatureEnabled(settings, "snap_bi_paxelbox")).toBe(true);
    expect(isFeatureEnabled(settings, "yellowai")).toBe(false);
    expect(isFeatureEnabled(settings, "snap_bi_dropoff")).toBe(false);
    expect(isFeatureEnabled(undefined, "snap_bi_dropoff")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { cardDescriptionWords, cutWords, htmlToText } from "./excerpt";

describe("service card excerpt", () => {
  it("cuts a description at 15 words with an ellipsis (spec §9)", () => {
    expect(cardDescriptionWords).toBe(15);
    const text = Array.from({ length: 20 }, (_, index) => `w${index + 1}`).join(" ");
    expect(cutWords(text)).toBe(`${Array.from({ length: 15 }, (_, index) => `w${index + 1}`).join(" ")}…`);
    expect(cutWords("only four short words")).toBe("only four short words");
    expect(cutWords(Array.from({ length: 15 }, () => "x").join(" "))).not.toContain("…");
  });

  it("reads sanitised HTML as plain text: tags dropped, entities decoded, spaces collapsed", () => {
    expect(
      htmlToText(
        "<p>Sewa <strong>loker</strong> &amp; titip&nbsp;paket</p><p>Rp&#160;5.000 &#x2013; &lt;b&gt;</p>",
      ),
    ).toBe("Sewa loker & titip paket Rp 5.000 – <b>");
  });

  it("counts words across paragraphs", () => {
    expect(cutWords(htmlToText("<p>a b c</p><p>d e</p>"), 4)).toBe("a b c d…");
  });
});

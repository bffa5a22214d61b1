import { describe, expect, it } from "vitest";
import { messages } from "./messages.ts";

const texts = Object.entries(messages).flatMap(([key, byLanguage]) =>
  Object.entries(byLanguage).map(([language, text]) => ({ key, language, text: text as string })),
);

/** The API's messages read as sentences in the product's voice, in both languages. */
describe("the API's messages", () => {
  it("begin with a capital letter, a placeholder or a field's own name", () => {
    const lowercase = texts.filter(({ text }) => /^[a-z]/.test(text) && !/^[a-z]+_[a-z_]+\b/.test(text));
    expect(lowercase).toEqual([]);
  });

  it("name the overdue fee 'biaya perpanjang sewa' in Indonesian, as the screens and notifications do", () => {
    const other = texts.filter(({ language, text }) => language === "id" && /biaya perpanjangan/i.test(text));
    expect(other).toEqual([]);
  });
});

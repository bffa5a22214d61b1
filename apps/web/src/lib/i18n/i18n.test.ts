import { describe, expect, it, vi } from "vitest";
import en from "../../locales/en.ts";
import id from "../../locales/id.ts";
import { createI18n, ensureLanguage, languageFromCookieHeader, requestLanguage, type TKey } from "./i18n";
import { toLanguage } from "./language";

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? "").sort();
}

function valueAt(tree: Tree, path: string): string {
  let node: string | Tree = tree;
  for (const part of path.split(".")) node = (node as Tree)[part] as string | Tree;
  return node as string;
}

describe("locales", () => {
  it("id.json and en.json have exactly the same keys", () => {
    const idKeys = keysOf(id as Tree).sort();
    const enKeys = keysOf(en as Tree).sort();
    expect(
      enKeys.filter((key) => !idKeys.includes(key)),
      "keys only in en.json",
    ).toEqual([]);
    expect(
      idKeys.filter((key) => !enKeys.includes(key)),
      "keys only in id.json",
    ).toEqual([]);
  });

  it("use the same {{placeholders}} in both languages", () => {
    for (const key of keysOf(id as Tree)) {
      expect(placeholders(valueAt(en as Tree, key)), key).toEqual(placeholders(valueAt(id as Tree, key)));
    }
  });

  it("have no empty texts", () => {
    for (const tree of [id, en] as Tree[]) {
      for (const key of keysOf(tree)) expect(valueAt(tree, key).trim(), key).not.toBe("");
    }
  });

  it("carry the spec's exact wording", () => {
    expect(en.notFound.message).toBe("Your request page could not be found. Please check your url address");
    expect(en.errors.oops).toBe("Oops...");
    expect(id.errors.oops).toBe("Oops...");
    expect(id.toast.copied).toBe("Berhasil disalin");
    expect(en.header.orderDetail).toBe("Order Detail");
    expect(id.header.orderDetail).toBe("Detail Order");
    expect(en.header.overdueFee).toBe("Overdue fee");
    expect(id.header.overdueFee).toBe("Biaya Perpanjang Sewa");
    expect(id.dropOff.results.expireTitle).toBe("Link Kadaluwarsa");
    expect(id.errors.serverError).toBe("Terjadi kesalahan server, silahkan hubungi Customer Service kami");
    expect(en.errors.serverError).toBe("A server error occurred, please contact our Customer Service");
  });
});

describe("i18n", () => {
  it("renders {{product}}Box from the configured product name", async () => {
    await ensureLanguage("en");
    const i18n = createI18n("en", { product: "Acme" });
    expect(i18n.t("screens.home.title")).toBe("AcmeBox smart lockers");
    expect(i18n.t("header.overdueFee")).toBe("Overdue fee");
  });

  it("fails loudly on a key without a message: a console error once, and a marker in development", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const i18n = createI18n("id", { product: "Paxel" });
    const missing = "no.such.message" as TKey;
    expect(i18n.t(missing)).toBe(import.meta.env.DEV ? "⚠ no.such.message" : "no.such.message");
    i18n.t(missing);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain("no.such.message");
    error.mockRestore();
  });

  it("falls back to Indonesian", () => {
    const i18n = createI18n("id", { product: "Paxel" });
    expect(i18n.language).toBe("id");
    expect(i18n.t("screens.home.title")).toBe("Loker pintar PaxelBox");
  });

  it("picks the language from the cookie, default id", () => {
    expect(languageFromCookieHeader("language=en")).toBe("en");
    expect(languageFromCookieHeader("language=fr")).toBe("id");
    expect(languageFromCookieHeader(null)).toBe("id");
    expect(toLanguage("en-US")).toBe("en");
    expect(toLanguage(undefined)).toBe("id");
  });

  it("reads a request's language from its lang query, else its cookie", () => {
    const request = (query: string, cookie?: string) =>
      new Request(`https://box.example/package${query}`, { headers: cookie ? { cookie } : {} });
    expect(requestLanguage(request("?lang=en", "language=id"))).toBe("en");
    expect(requestLanguage(request("?lang=id", "language=en"))).toBe("id");
    expect(requestLanguage(request("?lang=fr", "language=en"))).toBe("en");
    expect(requestLanguage(request("", "language=en"))).toBe("en");
    expect(requestLanguage(request(""))).toBe("id");
  });
});

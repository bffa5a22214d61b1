import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import id from "./id.ts";

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** Every source file of the app (tests and the messages themselves excluded). */
function sources(): string {
  const root = path.resolve(import.meta.dirname, "..");
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("locales"))
    .map((file) => readFileSync(path.join(root, file), "utf8"))
    .join("\n");
}

describe("messages", () => {
  it("has no key that the app never uses", () => {
    const source = sources();
    // Keys built at run time name their prefix literally: t(`nav.${anchor}`).
    const dynamicPrefixes = [...source.matchAll(/`([\w.]+\.)\$\{/g)].map((match) => match[1] as string);
    const used = (key: string) =>
      new RegExp(`["'\`]${key.replace(/\./g, "\\.")}["'\`]`).test(source) ||
      dynamicPrefixes.some((prefix) => key.startsWith(prefix));
    const unused = [
      ...new Set(keysOf(id as Tree).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ""))),
    ].filter((key) => !used(key));
    expect(unused).toEqual([]);
  });
});

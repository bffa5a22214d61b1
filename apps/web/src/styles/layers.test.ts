import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The cascade layers of ADR 025: the site-wide rules in `base`, the shared components in
 * `components`, a screen's own CSS unlayered. A lazily loaded module brings its CSS dependencies
 * again, after the page's own stylesheets; only the layers keep a screen's rules winning then.
 */
const src = path.resolve(import.meta.dirname, "..");
const cssFiles = (dir: string): string[] =>
  readdirSync(path.join(src, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".css"))
    .map((file) => path.join(dir, file));

/** The file's rules, comments aside, are one `@layer <name> { … }` block. */
function layerOf(file: string): string | null {
  const css = readFileSync(path.join(src, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const rules = css.replace(/@layer base, components;/, "").trim();
  const match = /^@layer ([a-z-]+) \{[\s\S]*\}$/.exec(rules);
  return match?.[1] ?? null;
}

describe("cascade layers (ADR 025)", () => {
  it("declares the layers' order first in the shell's stylesheet", () => {
    const global = readFileSync(path.join(src, "styles/global.css"), "utf8");
    const imports = [...global.matchAll(/@import "\.\/([a-z-]+\.css)";/g)].map((match) => match[1]);
    expect(imports[0]).toBe("tokens.css");
    const tokens = readFileSync(path.join(src, "styles/tokens.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    expect(tokens.trim().startsWith("@layer base, components;")).toBe(true);
  });

  it("keeps the site-wide rules in `base`", () => {
    const files = cssFiles("styles").filter((file) => !file.endsWith("global.css"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(layerOf(file), file).toBe("base");
  });

  it("keeps every shared component's CSS in `components`", () => {
    const files = cssFiles("components");
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(layerOf(file), file).toBe("components");
  });

  it("leaves a screen's own CSS unlayered, so that it wins", () => {
    for (const dir of ["features", "routes", "domain"])
      for (const file of cssFiles(dir))
        expect(readFileSync(path.join(src, file), "utf8"), file).not.toMatch(/@layer/);
  });
});

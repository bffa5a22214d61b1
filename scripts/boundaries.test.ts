import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The linter holds the web app's boundaries (biome.json): a feature never imports another feature;
 * the domain (`src/domain`) and the shared code (`src/components`, `src/lib`, …) never import a
 * feature, while features import both; no module takes part in an import cycle; the API imports
 * nothing of the web app but its locale files' JSON (the message texts). Each case lints a
 * small file placed where the rule applies and expects Biome's verdict.
 */
const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules/.bin/biome");
let probeDir: string | undefined;

afterEach(() => {
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });
  probeDir = undefined;
});

/** Writes the files into a fresh folder under `apps/web/src/<folder>/` (or `base`) and lints that folder. */
function lint(folder: string, files: Record<string, string>, base = "apps/web/src") {
  probeDir = mkdtempSync(path.join(root, base, folder, "lint-probe-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(probeDir, name), text);
  const result = spawnSync(biome, ["lint", "--max-diagnostics=50", probeDir], {
    cwd: root,
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Each run builds the project's module graph (for noImportCycles): seconds, more on a busy machine.
describe("web app boundaries (Biome)", { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature", () => {
    const { status, output } = lint("features/overdue", {
      "bad.ts":
        'import { isOverdueNow } from "../../order/lib/order-rules";\nexport const x = isOverdueNow;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("noRestrictedImports");
    expect(output).toContain("overdue → order");
  });

  it("refuses the domain importing a feature", () => {
    const { status, output } = lint("domain/order", {
      "bad.ts":
        'import { keepsPolling } from "../../../features/rent-status/lib/rent-view";\nexport const x = keepsPolling;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("noRestrictedImports");
    expect(output).toContain("domain → features");
  });

  it.each(["components", "lib"])("refuses shared code in src/%s importing a feature", (folder) => {
    const { status, output } = lint(folder, {
      "bad.ts":
        'import { isOverdueNow } from "../../features/order/lib/order-rules";\nexport const x = isOverdueNow;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("noRestrictedImports");
    expect(output).toContain("shared → features");
  });

  it("refuses an import cycle", () => {
    const { status, output } = lint("features/drop-off", {
      "a.ts": 'import { b } from "./b";\nexport const a = () => b();\n',
      "b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("noImportCycles");
  });

  it("accepts a feature importing the domain and shared code", () => {
    const { status, output } = lint("features/overdue", {
      "good.ts":
        'import { isShareable } from "../../../domain/order/order-share";\nimport { storage } from "../../../lib/storage";\nexport const s = [isShareable, storage];\n',
    });
    expect(output).not.toContain("noRestrictedImports");
    expect(status).toBe(0);
  });

  it("refuses the API importing the web app, but for its locale files' JSON", () => {
    const { status, output } = lint(
      "notifications",
      {
        "bad.ts": [
          'import texts from "@paxelbox/web/locales/id/notifications.json" with { type: "json" };',
          'import { buildWebServer } from "@paxelbox/web/server";',
          'import chrome from "../../../../web/src/locales/id/chrome.json" with { type: "json" };',
          "export const x = [texts, buildWebServer, chrome];",
          "",
        ].join("\n"),
      },
      "apps/api/src",
    );
    expect(status).not.toBe(0);
    const refused = [...output.matchAll(/bad\.ts:(\d+):\d+ lint\/style\/noRestrictedImports/g)].map((match) =>
      Number(match[1]),
    );
    expect(refused).toEqual([2, 3]);
    expect(output).toContain("api → web");
  });
});

import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressionThreshold, precompressAssets } from "./precompress-assets.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function clientBuild(files: Record<string, Buffer | string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "assets"));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

/** Text that compresses as code does: repeated, but not one byte over and over. */
const code = (bytes: number) =>
  Array.from({ length: bytes / 32 }, (_, index) => `const value${index % 97} = ${index};\n`)
    .join("")
    .slice(0, bytes);

describe("precompressAssets", () => {
  it("writes a Brotli and a gzip copy of each text file, in every folder, that decode to the file", async () => {
    const shell = code(40_000);
    const dir = clientBuild({
      "assets/shell.js": shell,
      "assets/shell.css": `.a{color:red}\n`.repeat(200),
      "offline.html": `<p>${"offline ".repeat(300)}</p>`,
    });
    const summary = await precompressAssets(dir);

    expect(summary.files).toBe(3);
    const brotli = readFileSync(path.join(dir, "assets/shell.js.br"));
    expect(brotliDecompressSync(brotli).toString()).toBe(shell);
    expect(gunzipSync(readFileSync(path.join(dir, "assets/shell.js.gz"))).toString()).toBe(shell);
    expect(brotli.length).toBeLessThan(shell.length / 4);
    expect(readdirNames(dir)).toContain("offline.html.br");
    expect(readdirNames(dir)).toContain("assets/shell.css.gz");
  });

  it("leaves small files, compressed formats and copies that would not be smaller as they are", async () => {
    // Random bytes do not compress: the copies would come out larger.
    const noise = randomBytes(4096);
    const dir = clientBuild({
      "assets/tiny.js": code(compressionThreshold - 32),
      "assets/font.woff2": code(8_000),
      "assets/random.svg": noise,
    });
    const summary = await precompressAssets(dir);

    expect(summary.files).toBe(0);
    expect((await readdir(dir, { recursive: true })).sort()).toEqual([
      "assets",
      "assets/font.woff2",
      "assets/random.svg",
      "assets/tiny.js",
    ]);
  });
});

function readdirNames(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((name) => name.split(path.sep).join("/"));
}

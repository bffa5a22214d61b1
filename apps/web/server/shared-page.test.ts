import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashInlineScripts, sharedCacheMayStore } from "./shared-page.ts";

const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("a shared page's inline scripts by hash", () => {
  const nonce = "Zm9vYmFyYmF6cXV4MTIzNA==";

  it("hashes the inline scripts that carried the nonce and drops every nonce attribute", () => {
    const html = [
      `<link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>`,
      `<script nonce="${nonce}">window.__ctx = {"a":"é\\u003c/script"};</script>`,
      `<script type="module" async="" nonce="${nonce}">import "/assets/entry.js";</script>`,
      `<script src="/assets/b.js" nonce="${nonce}"></script>`,
    ].join("");
    const shared = hashInlineScripts(html, nonce);
    expect(shared.hashes).toEqual([
      sha('window.__ctx = {"a":"é\\u003c/script"};'),
      sha('import "/assets/entry.js";'),
    ]);
    expect(shared.html).not.toContain("nonce");
    expect(shared.html).toContain('<script type="module" async="">import "/assets/entry.js";</script>');
    expect(shared.html).toContain('<script src="/assets/b.js"></script>');
  });

  it("leaves a script without this response's nonce unhashed, so the policy still blocks it", () => {
    const html = `<script nonce="${nonce}">ok()</script><div><script>steal()</script><script nonce="guess">steal()</script></div>`;
    const shared = hashInlineScripts(html, nonce);
    expect(shared.hashes).toEqual([sha("ok()")]);
    expect(shared.html).toContain("<script>steal()</script>");
  });

  it("names a script that appears twice once", () => {
    const html = `<script nonce="${nonce}">a()</script><script nonce="${nonce}">a()</script>`;
    expect(hashInlineScripts(html, nonce).hashes).toEqual([sha("a()")]);
  });
});

describe("which pages are shared", () => {
  it("those whose Cache-Control lets a shared cache store them", () => {
    expect(sharedCacheMayStore("public, max-age=0, s-maxage=300")).toBe(true);
    expect(sharedCacheMayStore("max-age=60, s-maxage=300")).toBe(true);
    expect(sharedCacheMayStore("private, no-store")).toBe(false);
    expect(sharedCacheMayStore("public, no-store")).toBe(false);
    expect(sharedCacheMayStore("max-age=60")).toBe(false);
    expect(sharedCacheMayStore(null)).toBe(false);
  });
});

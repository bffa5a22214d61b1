import { createHash } from "node:crypto";

/**
 * Turns a page rendered with a nonce into one a shared cache may keep (ADR 021): every element
 * loses the `nonce` attribute, and the inline scripts that carried it are named by their SHA-256
 * hashes instead. Only those: markup that did not carry this response's nonce (say, HTML that
 * slipped past sanitising) is not hashed, so it still does not run — the same rule as the nonce.
 */
export function hashInlineScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const out = html.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
    (whole, attributes: string, body: string) => {
      if (!attributes.includes(attribute)) return whole;
      if (!/\ssrc\s*=/i.test(attributes) && body !== "")
        hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
      return `<script${attributes.replace(attribute, "")}>${body}</script>`;
    },
  );
  return { html: out.replaceAll(attribute, ""), hashes: [...hashes] };
}

/** Whether a response says a shared cache (a CDN) may store it: `public` or `s-maxage`. */
export function sharedCacheMayStore(cacheControl: string | null): boolean {
  return (
    /(^|,)\s*(public|s-maxage=)/i.test(cacheControl ?? "") &&
    !/(^|,)\s*(private|no-store)\b/i.test(cacheControl ?? "")
  );
}

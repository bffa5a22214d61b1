/**
 * Content-Security-Policy of the web pages. The web server makes a fresh nonce for every HTML
 * response and hands it to the renderer in this request header (it overwrites whatever a client
 * sent); only scripts carrying the nonce, or loaded from this site, run. A page a shared cache keeps
 * (`shared-cache.ts`) names the hashes of the inline scripts that carried the nonce instead, so its
 * one copy holds no nonce (ADR 021).
 */
export const nonceHeader = "x-paxelbox-csp-nonce";

/**
 * The visitor's address (Fastify's `request.ip` under TRUST_PROXY), set by the web server on the
 * request its loaders see, over any copy the visitor sent; the loaders name it to the API
 * (`api-client.server.ts`).
 */
export const clientAddressHeader = "x-paxelbox-client-address";

export interface CspOptions {
  /** The response's nonce, or the inline scripts' `sha256-…` sources on a shared page. */
  scripts: { nonce: string } | { hashes: readonly string[] };
  /** Origin of the API when the browser calls it on another host. */
  apiOrigin?: string | undefined;
  /** reCAPTCHA v3 needs Google's script hosts when it is configured. */
  recaptcha?: boolean;
}

export function contentSecurityPolicy({ scripts, apiOrigin, recaptcha }: CspOptions): string {
  const google = recaptcha ? " https://www.google.com https://www.gstatic.com" : "";
  const inline =
    "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.map((hash) => `'${hash}'`).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self'${inline ? ` ${inline}` : ""}${google}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ""}${google}`,
    `frame-src 'self' https:`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // Forms post to this site; a gateway's checkout may continue on another HTTPS site.
    "form-action 'self' https:",
    // Inside the provider's app the page is a top-level web view; no other site may frame it.
    "frame-ancestors 'self'",
  ].join("; ");
}

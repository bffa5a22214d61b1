/**
 * Content-Security-Policy of the web pages. The web server makes a fresh nonce for every HTML
 * response and hands it to the renderer in this request header (it overwrites whatever a client
 * sent); only scripts carrying the nonce, or loaded from this site, run.
 */
export const nonceHeader = "x-paxelbox-csp-nonce";

/** The visitor's address, set by the web server on the request its loaders see (never the visitor's own header). */
export const clientAddressHeader = "x-paxelbox-client-address";

export interface CspOptions {
  nonce: string;
  /** Origin of the API when the browser calls it on another host. */
  apiOrigin?: string | undefined;
  /** reCAPTCHA v3 needs Google's script hosts when it is configured. */
  recaptcha?: boolean;
}

export function contentSecurityPolicy({ nonce, apiOrigin, recaptcha }: CspOptions): string {
  const google = recaptcha ? " https://www.google.com https://www.gstatic.com" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${google}`,
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

import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import DOMPurify from "dompurify";
import { isbot } from "isbot";
import { JSDOM } from "jsdom";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { nonceHeader } from "./lib/security/csp";
import { registerServerSanitizer, sanitizeOptions } from "./lib/security/sanitize";
import {
  isSharedPage,
  pageCacheControl,
  sharedPageCacheControl,
  sharedPageVary,
} from "./lib/ssr/shared-cache";
import { preloadToken } from "./lib/ssr/web-view-preload.server";

export const streamTimeout = 5_000;

// The web server (server/app.ts) parses its configuration and gives it to every request with
// these: from the build, so that the loaders read it under the build's own context key.
export { requestContexts } from "./config/config.server";
export { parseWebEnv } from "./config/env";

// Server-provided HTML is sanitised on the server too, with the same rules as in the browser.
const purifier = DOMPurify(new JSDOM("").window as unknown as Window & typeof globalThis);
registerServerSanitizer((html) => purifier.sanitize(html, sanitizeOptions) as string);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // A page opened with a link's token is rendered with its holder's data: should the link reach a
  // search engine, it lists neither the page nor what it links to.
  if (new URL(request.url).searchParams.has("token")) {
    responseHeaders.set("X-Robots-Tag", "noindex, nofollow");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get finished HTML; so does a web-view page opened with its token, whose data the
    // server has already read (ADR 011): its lazily loaded parts arrive in place, not streamed in.
    // So does a page a shared cache keeps (ADR 021): its one copy serves crawlers and people alike.
    const url = new URL(request.url);
    const shared = isSharedPage(url, request.method);
    const complete =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || preloadToken(request) !== null || shared;
    const readyOption: keyof RenderToPipeableStreamOptions = complete ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // This response's CSP nonce goes on every inline script React and React Router write.
    const nonce = request.headers.get(nonceHeader) ?? undefined;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Finished HTML in one piece: no boundary is sent as a fallback to be swapped in by script.
        ...(complete ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The web server names this page's scripts by hash for it (server/shared-page.ts).
          // Unless its route said otherwise (a page drawn while its content failed).
          if (shared && responseStatusCode === 200 && !responseHeaders.has("Cache-Control")) {
            responseHeaders.set("Cache-Control", sharedPageCacheControl);
            const vary = sharedPageVary(url);
            if (vary) responseHeaders.append("Vary", vary);
          } else if (!responseHeaders.has("Cache-Control")) {
            responseHeaders.set("Cache-Control", pageCacheControl);
          }
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

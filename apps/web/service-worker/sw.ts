/// <reference lib="webworker" />
/**
 * The service worker (built by `service-worker/build.ts` after the web build into `/sw.js`).
 *
 * - Precaches the app shell: the entry, the root and every web-view route's scripts and styles,
 *   the fonts, the icons and the offline page (`precache` below is filled in at build time).
 * - Pages: network first; the last copy of each page is kept so it opens with no network (or after
 *   8 s of a weak one), and the offline page answers for a page never opened when there is no
 *   network (a slow one is waited for). Web-view pages (order, rent status, paid overdue) are kept
 *   once per path, fetched without their query: their server copy is a skeleton with no member
 *   data, token or order id in it. The page cache is renewed with every release: the web-view
 *   copies as the release installs.
 * - A new release takes over once no page of the old one is open.
 * - Other hashed assets: cache first (they never change). Public settings and pictures: network
 *   first, the cached copy when offline.
 * - Never touched: the API's member calls, demo and short-link redirects (they go to the network).
 *
 * The order data itself is not cached here: the web view keeps its last copy per member
 * (`src/lib/offline-cache.ts`), so a different member never sees it.
 */

import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { swMessages } from "./messages.ts";
import { isWebViewPath, keepsAsFetched, pageCacheKey, pageCachePrefix, registeredPages } from "./pages.ts";

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE__: Array<{ url: string; revision: string | null }>;
declare const __RELEASE__: string;

const pages = `${pageCachePrefix}${__RELEASE__}`;
const offlinePage = "/offline.html";

// A new release waits until no page of the old one is open (no `skipWaiting`): a page left open
// keeps the worker that has its scripts, which the new one's precache would drop, and an order
// screen opened before the deploy still loads its parts at a locker with no signal.
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE__);

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
const networkTimeoutMs = 8000;

function isPage(url: URL): boolean {
  return (
    url.origin === self.location.origin &&
    !/^\/(api|ebox|demo|o)(\/|$)|^\/(healthz|readyz)$/.test(url.pathname)
  );
}

/**
 * A page worth keeping: HTML answered at its own address. A page fetched by the worker itself
 * follows redirects (a web-view page without its query, such as `/overduepayment`, redirects to the
 * landing page): such a copy would be another page, and the browser refuses a redirected answer to
 * a navigation with its own error page, where the offline page belongs.
 */
function isHtml(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

/** The network, but not longer than `networkTimeoutMs` (a weak signal counts as none). */
async function fetchPage(request: Request | string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), networkTimeoutMs);
  try {
    return await fetch(request, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Pages: the network first; the kept copy when it cannot be reached; the offline page when there
 * is none. A web-view page is kept as fetched without its query (no token or id inside the copy);
 * other pages as they came, unless their address carries a token or a search (`keepsAsFetched`).
 */
registerRoute(
  ({ request, url }) => request.mode === "navigate" && isPage(url),
  async ({ request, event }) => {
    const url = new URL(request.url);
    const keptCopy = async () => (await caches.open(pages)).match(pageCacheKey(url.href));
    const network = fetch(request);
    // Kept while the worker lives on for it, also when the answer comes after the kept copy was shown.
    const keeping = network.then((response) => {
      if (!isHtml(response)) return;
      if (isWebViewPath(url.pathname)) return keepPage(url);
      if (!keepsAsFetched(url.href, response.headers.get("cache-control"))) return;
      return keepCopy(pageCacheKey(url.href), response.clone());
    });
    (event as ExtendableEvent).waitUntil(keeping.catch(() => undefined));
    // A weak signal: the kept copy after `networkTimeoutMs`. Without one the network is waited for
    // (a slow answer, the return from a payment, beats a page saying there is no connection).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<"slow">((resolve) => {
      timer = setTimeout(() => resolve("slow"), networkTimeoutMs);
    });
    try {
      const first = await Promise.race([network, slow]);
      if (first !== "slow") return first;
      return (await keptCopy()) ?? (await network);
    } catch {
      return (await keptCopy()) ?? (await matchPrecache(offlinePage)) ?? Response.error();
    } finally {
      clearTimeout(timer);
    }
  },
);

const assetCache = "paxelbox-assets";

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: assetCache,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === self.location.origin &&
    (url.pathname === "/api/v1/settings" || url.pathname.startsWith("/api/v1/media/")),
  new NetworkFirst({
    cacheName: "paxelbox-public-api",
    networkTimeoutSeconds: 8,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 30 })],
  }),
);

// The web-view screens' copies of this release, kept as it installs: the copies of the release
// before go with it (below), and an order opened before the deploy must open at a locker with no
// signal though its screen has not been opened online since. Offline, nothing is kept (`keepPage`).
self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all(
      registeredPages
        .filter((page) => page.kind === "web-view" && page.precache)
        .map((page) => keepPage(new URL(page.path, self.location.origin))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  // Pages of older releases point at scripts that are gone: drop them.
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(pageCachePrefix) && key !== pages)
            .map((key) => caches.delete(key)),
        ),
      ),
  );
});

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const message = event.data as { type?: string; url?: unknown; assets?: unknown } | null;
  const assets = Array.isArray(message?.assets)
    ? message.assets.filter((item): item is string => typeof item === "string")
    : [];
  if (message?.type === swMessages.keepPage && typeof message.url === "string") {
    const url = new URL(message.url, self.location.origin);
    if (url.origin !== self.location.origin || !isPage(url)) return;
    event.waitUntil(Promise.all([keepPage(url), keepAssets(assets)]));
  } else if (message?.type === swMessages.keepAssets) {
    event.waitUntil(keepAssets(assets));
  }
});

/** The page's scripts, styles and fonts that are not kept yet (loaded before the worker ran). */
async function keepAssets(hrefs: string[]): Promise<void> {
  const cache = await caches.open(assetCache);
  await Promise.all(
    hrefs.slice(0, 150).map(async (href) => {
      const url = new URL(href);
      if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/")) return;
      if ((await matchPrecache(url.pathname)) || (await cache.match(url.href))) return;
      try {
        const response = await fetch(url.href);
        if (response.status === 200) await cache.put(url.href, response);
      } catch {
        // Offline: nothing to keep.
      }
    }),
  );
}

/** Copies of pages other than the web-view screens kept per release at most (the oldest go first). */
const keptPagesMax = 50;

/**
 * Puts a page's copy in this release's page cache, bounded: a courier who opens the package form
 * of locker after locker keeps the latest `keptPagesMax`; the web-view screens' copies always stay.
 */
async function keepCopy(key: string, response: Response): Promise<void> {
  const cache = await caches.open(pages);
  await cache.put(key, response);
  const others = (await cache.keys()).filter((request) => !isWebViewPath(new URL(request.url).pathname));
  await Promise.all(others.slice(0, -keptPagesMax).map((request) => cache.delete(request)));
}

/**
 * Keeps a copy of a page. A web-view page's copy is its skeleton, the same for every query: it is
 * fetched once per release without the query, so no token or order id is ever inside it.
 */
async function keepPage(url: URL): Promise<void> {
  const webView = isWebViewPath(url.pathname);
  if (!webView && !keepsAsFetched(url.href, null)) return;
  const cache = await caches.open(pages);
  const key = pageCacheKey(url.href);
  if (webView && (await cache.match(key))) return;
  try {
    const response = await fetchPage(webView ? key : url.href);
    const keeps = webView || keepsAsFetched(url.href, response.headers.get("cache-control"));
    if (isHtml(response) && keeps) await keepCopy(key, response);
  } catch {
    // Offline: nothing to keep.
  }
}

import { swMessages } from "../../../service-worker/messages";

/**
 * The page's side of the service worker (`service-worker/sw.ts`, built to `/sw.js`): registers it
 * once the page has loaded (so it never competes with the first render) and asks it to keep pages
 * reached by client-side navigation. Kept pages hold no member data (see the worker), so they are
 * shared by whoever uses the device; member data lives in `offline-cache.ts`.
 */

const scriptUrl = "/sw.js";

function supported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext;
}

/** Registers `/sw.js` after the `load` event (production builds only). */
export function registerServiceWorker(): void {
  if (!supported() || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register(scriptUrl, { scope: "/" }).then(
      () => {
        keepAssetsLoadedWithoutWorker();
        keepPage(window.location.href);
      },
      (error: unknown) => console.info("[offline] service worker not registered", error),
    );
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** The page's own scripts, styles and fonts among these resource entries. */
function assetUrls(entries: PerformanceEntryList): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    const url = new URL(entry.name, window.location.href);
    if (url.origin === window.location.origin && url.pathname.startsWith("/assets/")) urls.add(url.href);
  }
  return [...urls];
}

function post(message: { type: string; url?: string; assets: string[] }): void {
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Asks the service worker to keep a copy of a page and what it loaded (it fetches them itself). */
export function keepPage(href: string): void {
  if (!supported()) return;
  post({ type: swMessages.keepPage, url: href, assets: assetUrls(performance.getEntriesByType("resource")) });
}

/**
 * Until the worker has activated and claimed the page, what the page loads does not go through it,
 * and what was still on its way when `keepPage` listed the page's assets (a lazily loaded chunk)
 * would never be kept. Such assets are sent to the worker as they finish loading.
 */
function keepAssetsLoadedWithoutWorker(): void {
  if (typeof PerformanceObserver === "undefined") return;
  new PerformanceObserver((list) => {
    const unserved = list
      .getEntries()
      .filter((entry) => entry instanceof PerformanceResourceTiming && entry.workerStart === 0);
    const assets = assetUrls(unserved);
    if (assets.length > 0) post({ type: swMessages.keepAssets, assets });
  }).observe({ type: "resource" });
}

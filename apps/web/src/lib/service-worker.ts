import { swMessages } from "../../service-worker/pages";

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
      () => keepPage(window.location.href),
      (error: unknown) => console.info("[offline] service worker not registered", error),
    );
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** The scripts, styles and fonts this page loaded (so the worker can keep them with it). */
function loadedAssets(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name, window.location.href);
    if (url.origin === window.location.origin && url.pathname.startsWith("/assets/")) urls.add(url.href);
  }
  return [...urls];
}

/** Asks the service worker to keep a copy of a page and what it loaded (it fetches them itself). */
export function keepPage(href: string): void {
  if (!supported()) return;
  void navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage({ type: swMessages.keepPage, url: href, assets: loadedAssets() });
  });
}

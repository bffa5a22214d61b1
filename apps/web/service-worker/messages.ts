/**
 * Messages the page (`src/lib/offline/service-worker.ts`) posts to the service worker. Apart from
 * the page-cache rules (`pages.ts`), so that the page's code does not carry the route registry.
 */
export const swMessages = { keepPage: "keep-page", keepAssets: "keep-assets" } as const;

/**
 * The route a page view reports its Web Vitals under: React Router's matched route pattern of the
 * document (`order-status/action`, `o/:code`, `*`), never the address, its query or its tokens.
 * Whether a view reports at all is drawn in the browser (`web-vitals.ts`), so a page a shared cache
 * keeps is the same for every visitor.
 */
export function webVitalsRoute(pattern: string): string {
  return `/${pattern.replace(/^\/+|\/+$/g, "")}`;
}

/**
 * Whether a page view reports its Web Vitals, decided by the root loader at `WEB_VITALS_SAMPLE_RATE`
 * (0 to 1): the route pattern it reports under, or null. The pattern is React Router's matched
 * route pattern of the document (`order-status/action`, `o/:code`, `*`): never the address, its
 * query or its tokens.
 */
export function webVitalsRoute(pattern: string, sampleRate: number, random = Math.random()): string | null {
  if (random >= sampleRate) return null;
  return `/${pattern.replace(/^\/+|\/+$/g, "")}`;
}

/**
 * Spec §9 carousel constants: the services page's banner autoplays every 1500 ms. (The landing's,
 * 2500 ms with autoplay off, never moves: it asks for one banner only, limit 1.)
 */
export interface CarouselSettings {
  /** How long a slide change takes (ms); the library's default when absent. */
  speedMs?: number;
  /** Time between automatic slide changes (ms). */
  autoplayMs: number;
  autoplay: boolean;
}

export const servicesCarousel: CarouselSettings = { autoplayMs: 1500, autoplay: true };

/**
 * Embla measures a scroll's `duration` in its own units, not milliseconds: its scroll body is a
 * damped spring stepped at 60 fps, and one unit settles a full-width slide change in about 48 ms
 * (measured: 25 → ~1 s, 52 → ~2.5 s).
 */
export function emblaDuration(speedMs: number): number {
  return Math.max(10, Math.round(speedMs / 48));
}

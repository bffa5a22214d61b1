import Autoplay, { type AutoplayOptionsType } from "embla-carousel-autoplay";
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { type RefObject, useEffect, useMemo } from "react";

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;
export type CarouselOptions = Parameters<typeof useEmblaCarousel>[0];

interface CarouselEngineProps {
  viewport: RefObject<HTMLDivElement | null>;
  options: CarouselOptions;
  /** Autoplay settings; none: the carousel moves only when asked. */
  autoplay: AutoplayOptionsType | null;
  onReady: (api: CarouselApi | null) => void;
}

/**
 * Embla (swipe, snapping, autoplay) attached to a server-rendered carousel viewport. Loaded after
 * the page is interactive, so the carousel's library is not part of the page's initial JavaScript;
 * until then the first slide simply shows.
 */
export default function CarouselEngine({ viewport, options, autoplay, onReady }: CarouselEngineProps) {
  // The options and plugins are fixed for the engine's lifetime.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once on purpose
  const plugins = useMemo(() => (autoplay ? [Autoplay(autoplay)] : []), []);
  const [emblaRef, api] = useEmblaCarousel(options, plugins);

  useEffect(() => {
    emblaRef(viewport.current);
    return () => emblaRef(null);
  }, [emblaRef, viewport]);

  useEffect(() => {
    onReady(api ?? null);
    return () => onReady(null);
  }, [api, onReady]);

  return null;
}

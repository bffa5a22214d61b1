import type {} from "embla-carousel-autoplay";
import { lazy, memo, Suspense, startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useT } from "../../../lib/i18n/i18n";
import { prefersReducedMotion } from "../../../lib/ui/motion";
import { type CarouselSettings, emblaDuration } from "../lib/carousel";
import type { BannerData } from "../types";
import styles from "./banner-carousel.module.css";
import { BannerSlide } from "./banner-slide";
import type { CarouselApi } from "./carousel-engine";
import { ChevronIcon, PauseIcon, PlayIcon } from "./marketing-icons";

/**
 * A slide renders again only when its banner does: moving to another slide (every 1.5 s while it
 * plays) changes the dots and which slide is inert, not the slides' pictures, texts and buttons.
 */
const Slide = memo(BannerSlide);

/** The carousel library loads once the page runs (see `carousel-engine.tsx`). */
const CarouselEngine = lazy(() => import("./carousel-engine"));

/**
 * Banner carousel: server-rendered slides (the first one shows at once), then swipe, arrows, one
 * dot per banner and a pause button when it plays by itself. Autoplay pauses while pointed at or
 * focused, and out of sight (scrolled away: a slide every 1.5 s nobody sees costs a phone's battery
 * its animation frames), and never starts for reduced motion.
 */
export default function BannerCarousel({
  banners,
  settings,
}: {
  banners: BannerData[];
  settings: CarouselSettings;
}) {
  const { t } = useT();
  const viewport = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);
  const [reduced, setReduced] = useState(false);
  const [api, setApi] = useState<CarouselApi | null>(null);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(false);
  const userPaused = useRef(false);
  const outOfSight = useRef(false);
  const autoplayOn = settings.autoplay && !reduced;
  const total = banners.length;

  useEffect(() => {
    // A slide reached with Tab before the scripts ran scrolled the viewport to it; the carousel
    // starts from the first.
    viewport.current?.scrollTo({ left: 0 });
    const reduce = prefersReducedMotion();
    // Not urgent: the engine and the controls come in a transition, which React renders in slices
    // after the page's hydration rather than in the same task as the page's effects.
    startTransition(() => {
      setReduced(reduce);
      setPlaying(settings.autoplay && !reduce);
      setMounted(true);
    });
  }, [settings.autoplay]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onPlay = () => {
      if (userPaused.current || outOfSight.current) api.plugins().autoplay?.stop();
      else setPlaying(true);
    };
    onSelect();
    api.on("select", onSelect).on("reInit", onSelect).on("autoplay:play", onPlay);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect).off("autoplay:play", onPlay);
    };
  }, [api]);

  // Out of sight, the timer stops; back in sight it starts again, unless paused with the button or
  // a control inside holds the focus (the library starts it when the focus leaves).
  useEffect(() => {
    const element = viewport.current;
    const plugin = api?.plugins().autoplay;
    if (!element || !plugin || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      outOfSight.current = entry?.isIntersecting === false;
      if (outOfSight.current) plugin.stop();
      else if (!userPaused.current && !element.closest("section")?.matches(":focus-within")) plugin.play();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [api]);

  const toggle = useCallback(() => {
    const plugin = api?.plugins().autoplay;
    if (!plugin) return;
    if (userPaused.current) {
      userPaused.current = false;
      setPlaying(true);
      plugin.play();
    } else {
      userPaused.current = true;
      setPlaying(false);
      plugin.stop();
    }
  }, [api]);

  return (
    <section
      className={`stack ${styles.carousel}`}
      aria-roledescription="carousel"
      aria-label={t("marketing.services.carouselLabel")}
      data-testid="banner-carousel"
      data-ready={api ? "true" : undefined}
    >
      <div className={styles.viewport} ref={viewport}>
        <div className={styles.track}>
          {banners.map((banner, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is an ARIA group, not a form fieldset
            <div
              key={`${banner.image_desktop_jpg}|${banner.header}`}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t("marketing.services.slideLabel", { index: index + 1, total })}
              // Out of reach once the carousel runs and turns them; before and without scripts every
              // slide is in reach (without them they scroll sideways: the module's CSS).
              inert={mounted && index !== selected ? true : undefined}
            >
              <Slide banner={banner} priority={index === 0} />
            </div>
          ))}
        </div>
      </div>
      {mounted && total > 1 ? (
        <Suspense fallback={null}>
          <CarouselEngine
            viewport={viewport}
            options={{
              loop: true,
              duration: reduced ? 0 : settings.speedMs ? emblaDuration(settings.speedMs) : 25,
            }}
            autoplay={
              autoplayOn
                ? {
                    delay: settings.autoplayMs,
                    stopOnInteraction: false,
                    stopOnMouseEnter: true,
                    stopOnFocusIn: true,
                  }
                : null
            }
            onReady={setApi}
          />
        </Suspense>
      ) : null}
      {total > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={`circle ${styles.arrow}`}
            onClick={() => api?.scrollPrev()}
            aria-label={t("marketing.services.previous")}
          >
            <ChevronIcon direction="left" />
          </button>
          <ol className={`plain-list ${styles.dots}`}>
            {banners.map((banner, index) => (
              <li key={`${banner.image_desktop_jpg}|${banner.header}`}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-current={index === selected ? "true" : undefined}
                  aria-label={t("marketing.services.goToSlide", { index: index + 1 })}
                  onClick={() => api?.scrollTo(index)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={`circle ${styles.arrow}`}
            onClick={() => api?.scrollNext()}
            aria-label={t("marketing.services.next")}
          >
            <ChevronIcon />
          </button>
          {autoplayOn ? (
            <button
              type="button"
              className={`circle ${styles.arrow}`}
              onClick={toggle}
              aria-label={playing ? t("marketing.services.pause") : t("marketing.services.play")}
              data-testid="carousel-toggle"
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

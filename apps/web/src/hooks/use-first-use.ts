import { type RefObject, useEffect } from "react";

/** How near the screen a `[data-start-near]` element starts its area. */
const nearMarginPx = 200;

/**
 * What starts an area: the visitor's first focus, tap or key in it, or something entered without
 * either (a browser's autofill, a file chosen).
 */
const useEvents = ["focusin", "pointerdown", "keydown", "input", "change"] as const;

/** Something the visitor entered or chose in `area` (a field whose value is not the page's own). */
export function enteredIn(area: Element): boolean {
  for (const field of area.querySelectorAll("input, textarea, select")) {
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked !== field.defaultChecked) return true;
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.type !== "hidden" && field.value !== field.defaultValue) return true;
    } else if (field instanceof HTMLSelectElement) {
      // A single choice with no option marked shows its first one: that is not a choice made.
      const options = [...field.options];
      const unmarked = !field.multiple && !options.some((option) => option.defaultSelected);
      if (
        options.some(
          (option, index) => option.selected !== (option.defaultSelected || (unmarked && index === 0)),
        )
      )
        return true;
    }
  }
  return false;
}

/**
 * Calls `start` when the visitor starts using `area`: at once if they were already in it before the
 * page could answer (the focus in it, or something entered), when one of its `[data-start-near]`
 * elements comes within 200 px of the screen (a visitor scrolling down to it), and on every focus,
 * tap, key or entry in it — `start` does nothing once started, and so a start that failed (no
 * network) is tried again on the next. The events are heard on `window` in the capture phase,
 * before anything in the page can stop them. `start` must be stable.
 */
export function useFirstUse(area: RefObject<Element | null>, start: () => void): void {
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const active = document.activeElement;
    const inUse = (active && active !== document.body && element.contains(active)) || enteredIn(element);
    if (inUse) start();
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) start();
    };
    const near = inUse ? [] : [...element.querySelectorAll("[data-start-near]")];
    // The observer, and the scroll itself: an observer alone was seen to miss a scroll now and then.
    const cameNear = () => {
      observer?.disconnect();
      window.removeEventListener("scroll", onScroll);
      start();
    };
    const onScroll = () => {
      const reach = window.innerHeight + nearMarginPx;
      if (
        near.some((target) => {
          const box = target.getBoundingClientRect();
          return box.bottom >= -nearMarginPx && box.top <= reach;
        })
      )
        cameNear();
    };
    const observer =
      near.length === 0 || typeof IntersectionObserver === "undefined"
        ? undefined
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && cameNear(), {
            rootMargin: `${nearMarginPx}px 0px`,
          });
    for (const target of near) observer?.observe(target);
    if (near.length > 0) {
      window.addEventListener("scroll", onScroll, { passive: true });
      onScroll();
    }
    for (const type of useEvents) window.addEventListener(type, onEvent, { capture: true, passive: true });
    return () => {
      observer?.disconnect();
      window.removeEventListener("scroll", onScroll);
      for (const type of useEvents) window.removeEventListener(type, onEvent, { capture: true });
    };
  }, [area, start]);
}

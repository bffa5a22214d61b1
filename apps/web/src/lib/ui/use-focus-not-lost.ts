import { useEffect, useRef } from "react";

/**
 * When `screen` changes and the change took the focused control away with what it showed (a
 * dialog's button that leads to another screen, a Cancel button gone with the view a poll
 * replaced), the focus goes to the new screen's heading, the first of `headings` (selectors) that
 * is there, where a screen reader starts reading it, instead of being lost on the page's body.
 * Nothing moves when the focus is still somewhere, or was never anywhere (a page just opened).
 * `reveal`: the page scrolls to the heading (a view replaced in place, the page still scrolled to
 * where the button was); a navigation leaves the scrolling to the router's restoration.
 */
export function useFocusNotLost(
  screen: string,
  headings: readonly string[],
  { reveal = false }: { reveal?: boolean } = {},
): void {
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const note = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener("focusin", note);
    return () => document.removeEventListener("focusin", note);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes, on purpose
  useEffect(() => {
    const lost = lastFocused.current !== null && !lastFocused.current.isConnected;
    const active = document.activeElement;
    if (!lost || (active && active !== document.body)) return;
    const heading = headings
      .map((selector) => document.querySelector<HTMLElement>(selector))
      .find((found) => found !== null);
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus({ preventScroll: !reveal });
  }, [screen]);
}

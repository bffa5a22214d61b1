import { expect } from "@playwright/test";
import type { Page } from "playwright-core";

/**
 * What hides under a sticky or fixed bar (WCAG 2.2 SC 2.4.11 Focus Not Obscured, and errors that
 * stay readable), checked in the page as it is. Every control is focused with the Tab key from the
 * top and with Shift+Tab from the bottom (the keyboard walk), then with `focus()` from many scroll
 * positions (the sweep), so the browser scrolls it into view as it does for a keyboard user; every
 * error message is focused the same way (made focusable for the moment). After each scroll the
 * focused thing, with its focus outline, must be inside the viewport and its box must not meet the
 * box of a sticky or fixed element drawn over it. A form control brings its hint and its error
 * message into view with it. The bars are found by their computed `position`, not by a list of
 * class names. Used by the axe audits' walk through the screens (`a11y-screens.ts`) and by
 * `sticky-bar.e2e.test.ts`.
 */

export type Probe =
  /** The element that has the focus now (after a Tab key press, or a focus the test gave it). */
  | { kind: "active" }
  /**
   * Every tabbable element and every visible error message (made focusable for the moment),
   * focused from many scroll positions: every `step` px while it is near the viewport, and the
   * positions where it sits at the very edge of the area the browser counts as in view (the
   * page's `scroll-padding` and its own `scroll-margin`), where a bar left too little room shows;
   * inside a sticky box (which does not move with the page while stuck), from every `step` px of
   * the page.
   */
  | { kind: "sweep"; step: number };

interface Inspection {
  /** An id of the focused element, to follow the Tab order. */
  stop: string | null;
  /** What ends up hidden, and why. */
  problems: string[];
}

/**
 * In the page: focuses as the probe says, letting the browser scroll as it does for the focus,
 * and lists what ends up hidden. A focused element (with its focus outline) must be in the
 * viewport and its box must not meet the box of a sticky or fixed element it is not part of,
 * where that element is drawn (not the skip link above the header, nor a sticky panel that passes
 * under the header beside it). The hint and error message of a focused form control (the notes
 * its `aria-describedby` names inside its field) must be too.
 */
export function inspect(probe: Probe): Inspection {
  const name = (element: Element) => {
    const html = element as HTMLElement;
    const text = (element.getAttribute("aria-label") || element.textContent || "").trim().slice(0, 40);
    const label = html.dataset?.testid || element.getAttribute("name") || element.getAttribute("href") || "";
    return `${element.tagName.toLowerCase()}${label ? `[${label}]` : ""} "${text}"`;
  };
  const shown = (element: Element) =>
    element.isConnected &&
    element.getClientRects().length > 0 &&
    getComputedStyle(element).visibility !== "hidden";
  const bars = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => {
    const position = getComputedStyle(element).position;
    if (position !== "sticky" && position !== "fixed") return false;
    if (!shown(element) || element.closest("dialog:not([open]), [inert]")) return false;
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  });
  const inView = (box: DOMRect) => box.top >= -0.5 && box.bottom <= window.innerHeight + 0.5;

  /** Why the element is hidden now (empty when it is in full view); `ring`: with its focus outline. */
  const hidden = (element: Element, ring: boolean): string[] => {
    if (!shown(element)) return ["not rendered"];
    // A native file input draws itself through its label.
    const drawn = (element.matches("input[type=file]") && element.closest("label")) || element;
    const rect = drawn.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return [];
    const style = getComputedStyle(element);
    const outline =
      ring && style.outlineStyle !== "none"
        ? Math.max(0, Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset))
        : 0;
    const box = new DOMRect(
      rect.x - outline,
      rect.y - outline,
      rect.width + 2 * outline,
      rect.height + 2 * outline,
    );
    const problems: string[] = [];
    const span = `${Math.round(box.top)}–${Math.round(box.bottom)}`;
    const partly = box.height > window.innerHeight;
    if (partly ? box.bottom <= 0 || box.top >= window.innerHeight : !inView(box))
      problems.push(`outside the ${window.innerHeight} px viewport (at ${span})`);
    for (const bar of bars) {
      if (bar.contains(drawn) || drawn.contains(bar)) continue;
      const other = bar.getBoundingClientRect();
      const left = Math.max(box.left, other.left);
      const right = Math.min(box.right, other.right);
      const top = Math.max(box.top, other.top);
      const bottom = Math.min(box.bottom, other.bottom);
      if (right - left <= 0.5 || bottom - top <= 0.5) continue;
      // Only a bar drawn over the element hides it (not one that passes under the header with it).
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && !bar.contains(hit)) continue;
      problems.push(
        `${Math.round(bottom - top)} px under the ${getComputedStyle(bar).position} ${name(bar).slice(0, 50)} at ${Math.round(other.top)}–${Math.round(other.bottom)} (${ring ? "with its focus outline " : ""}at ${span})`,
      );
    }
    return problems;
  };

  /** The focused element and its field's hint and error, each with why it is hidden. */
  const focusedProblems = (element: Element): [string, string[]][] => {
    const found: [string, string[]][] = [[`focused ${name(element)}`, hidden(element, true)]];
    const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    // A control taller than the viewport is shown in part; what is under it may then be below
    // the fold, but never under a bar.
    const whole = inView(element.getBoundingClientRect());
    for (const id of ids) {
      const note = document.getElementById(id);
      // Only the notes of its own field (not a results summary elsewhere on the page).
      if (!note?.parentElement?.contains(element) || !shown(note)) continue;
      const problems = hidden(note, false).filter((problem) => whole || !problem.startsWith("outside"));
      found.push([`the note ${name(note)} of the focused ${name(element)}`, problems]);
    }
    if (element.getAttribute("aria-invalid") === "true") {
      const error = ids
        .map((id) => document.getElementById(id))
        .find((note) => note?.matches('[data-testid="field-error"]'));
      if (!error || !shown(error))
        found.push([`focused ${name(element)}`, ["in error without a visible message"]]);
    }
    return found;
  };

  if (probe.kind === "active") {
    const active = document.activeElement as (HTMLElement & { __stop?: string }) | null;
    if (!active || active === document.body) return { stop: null, problems: [] };
    active.__stop ??= String(Math.random());
    const problems = focusedProblems(active)
      .filter(([, problems]) => problems.length > 0)
      .map(([what, problems]) => `${what} (as focused): ${problems.join("; ")}`);
    return { stop: active.__stop, problems };
  }

  const tabbable = [
    ...document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, iframe, [tabindex]",
    ),
  ].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(":disabled") &&
      !element.closest("[inert], [aria-hidden=true], dialog:not([open])") &&
      shown(element),
  );
  const errors = [...document.querySelectorAll<HTMLElement>('[data-testid="field-error"]')].filter(shown);
  const root = document.documentElement;
  const stuckIn = (element: Element) => {
    for (let box = element.parentElement; box; box = box.parentElement)
      if (getComputedStyle(box).position === "sticky") return true;
    return false;
  };
  const px = (value: string) => Number.parseFloat(value) || 0;
  const found = new Map<string, string>();
  for (const target of [...tabbable, ...errors]) {
    if (!target.isConnected) continue;
    const isError = errors.includes(target);
    if (isError) target.tabIndex = -1;
    const maxScroll = root.scrollHeight - window.innerHeight;
    const scrolled = window.scrollY;
    const box = target.getBoundingClientRect();
    const top = box.top + scrolled;
    const bottom = box.bottom + scrolled;
    const starts = new Set<number>();
    for (let y = top - window.innerHeight; y < bottom + probe.step; y += probe.step)
      starts.add(Math.round(y));
    // Inside a sticky box the element does not move with the page while the box is stuck: its
    // place in the page depends on the scroll, so every position of the page is tried.
    if (stuckIn(target)) for (let y = 0; y <= maxScroll; y += probe.step) starts.add(y);
    // The edges of the area counted as in view: the last positions from which focusing it does
    // not scroll at all.
    const rootStyle = getComputedStyle(root);
    const own = getComputedStyle(target);
    const lowest =
      bottom + px(own.scrollMarginBottom) - (window.innerHeight - px(rootStyle.scrollPaddingBottom));
    const highest = top - px(own.scrollMarginTop) - px(rootStyle.scrollPaddingTop);
    for (const edge of [lowest, highest])
      for (const nudge of [-1, 0, 1]) starts.add(Math.round(edge + nudge));
    const reached = new Set<number>();
    for (const y of [...starts].sort((a, b) => a - b)) {
      if (y < 0 || y > maxScroll) continue;
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, y);
      target.focus();
      if (document.activeElement !== target) break;
      if (reached.has(window.scrollY)) continue;
      reached.add(window.scrollY);
      const results: [string, string[]][] = isError
        ? [[`the error ${name(target)}`, hidden(target, false)]]
        : focusedProblems(target);
      for (const [what, problems] of results) {
        if (problems.length > 0 && !found.has(what))
          found.set(what, `${what}, focused from scroll ${y}: ${problems.join("; ")}`);
      }
    }
    if (isError) target.removeAttribute("tabindex");
  }
  (document.activeElement as HTMLElement | null)?.blur();
  window.scrollTo(0, 0);
  return { stop: null, problems: [...found.values()] };
}

/**
 * Walks the page with the keyboard: Tab from the top of the page to the end, then Shift+Tab from
 * the bottom back to the start, checking every stop.
 */
async function walk(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const [key, start] of [
    ["Tab", "top"],
    ["Shift+Tab", "bottom"],
  ] as const) {
    await page.evaluate((start) => {
      (document.activeElement as HTMLElement | null)?.blur();
      // The sequential focus starts from the top (the body) or from the end of the page.
      const from =
        start === "top" ? document.body : document.body.appendChild(document.createElement("span"));
      from.tabIndex = -1;
      from.focus({ preventScroll: true });
      if (from === document.body) from.removeAttribute("tabindex");
      else from.remove();
      window.scrollTo(0, start === "top" ? 0 : document.documentElement.scrollHeight);
    }, start);
    const stops: string[] = [];
    for (let count = 0; count < 250; count++) {
      await page.keyboard.press(key);
      const { stop, problems } = await page.evaluate(inspect, { kind: "active" } as Probe);
      // Past the last stop (the browser's own controls) or round to the first one again.
      if (stop === null || stop === stops[0]) break;
      // Inside an iframe (a map embed) the page's focus stays on the frame.
      if (stop === stops.at(-1)) continue;
      stops.push(stop);
      found.push(...problems);
    }
    expect(stops.length, `${key} reaches something`).toBeGreaterThan(0);
  }
  return found;
}

/**
 * Focuses a control from the scroll position at which it sits as low as it can without the focus
 * scrolling the page (the page's bottom scroll padding, its own bottom scroll margin): the worst
 * case for what lies under it.
 */
export function focusAtLowest(input: HTMLElement): void {
  const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0;
  const margin = Number.parseFloat(getComputedStyle(input).scrollMarginBottom) || 0;
  const lowest = input.getBoundingClientRect().bottom + window.scrollY + margin;
  window.scrollTo(0, lowest - (window.innerHeight - padding));
  input.focus();
}

/** What hides under a bar in the page's present frame: the sweep, and the keyboard walk if asked. */
export async function hiddenInFrame(page: Page, keyboard: boolean): Promise<string[]> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll("body *")].filter((element) =>
              ["sticky", "fixed"].includes(getComputedStyle(element).position),
            ).length,
        ),
      { message: "the screen has a sticky or fixed bar" },
    )
    .toBeGreaterThan(0);
  const found = keyboard ? await walk(page) : [];
  found.push(...(await page.evaluate(inspect, { kind: "sweep", step: 120 } as Probe)).problems);
  return found;
}

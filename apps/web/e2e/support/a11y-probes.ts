import type { Locator, Page } from "playwright-core";

/**
 * In-page probes for the accessibility behaviours axe cannot see: form error wiring, target sizes,
 * focus indicators, focus inside dialogs and how often live regions speak.
 */

/** Elements a pointer or the keyboard can act on. */
const interactiveSelector = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=button]",
  "[role=slider]",
  "[role=tab]",
  "[tabindex]:not([tabindex='-1'])",
].join(", ");

export interface FieldWiring {
  /** Controls marked `aria-invalid="true"`, in document order. */
  invalid: { name: string; describedByTexts: string[] }[];
  /** Visible error messages (`data-testid="field-error"`), in document order. */
  messages: string[];
  /** Error messages no invalid control points at. */
  orphans: string[];
  /** Error messages that are themselves in a live region (they would be spoken twice). */
  liveMessages: string[];
  /** The focused element's name or id. */
  active: string;
  /** The first invalid control's name or id. */
  firstInvalid: string;
}

/** How the visible form errors are tied to their controls (WCAG 1.3.1, 3.3.1, 4.1.2). */
export function fieldWiring(form: Locator): Promise<FieldWiring> {
  return form.evaluate((root) => {
    const label = (element: Element | null) =>
      element ? element.getAttribute("name") || element.id || element.tagName.toLowerCase() : "";
    const visible = (element: Element) => (element as HTMLElement).getClientRects().length > 0;
    const controls = [...root.querySelectorAll('[aria-invalid="true"]')].filter(
      (element) => element.tagName !== "FIELDSET",
    );
    const messages = [...root.querySelectorAll('[data-testid="field-error"]')].filter(visible);
    const referenced = new Set<string>();
    const invalid = controls.map((control) => {
      const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      for (const id of ids) referenced.add(id);
      return {
        name: label(control),
        describedByTexts: ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? `#${id}?`),
      };
    });
    const live = (element: Element) =>
      element.closest('[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]') !== null;
    return {
      invalid,
      messages: messages.map((message) => message.textContent?.trim() ?? ""),
      orphans: messages
        .filter((message) => !message.id || !referenced.has(message.id))
        .map((message) => message.textContent?.trim() ?? ""),
      liveMessages: messages.filter(live).map((message) => message.textContent?.trim() ?? ""),
      active: label(document.activeElement),
      firstInvalid: label(controls[0] ?? null),
    };
  });
}

/** Interactive elements smaller than `min` CSS px in either direction (inline text links excepted). */
export function smallTargets(page: Page, min = 24): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const describe = (element: Element) => {
        const text = (element.getAttribute("aria-label") || element.textContent || "").trim().slice(0, 30);
        const testId =
          element.getAttribute("data-testid") || element.getAttribute("name") || element.getAttribute("type");
        return `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : ""}.${element.className} "${text}"`;
      };
      const found: string[] = [];
      for (const element of document.querySelectorAll(selector)) {
        const html = element as HTMLElement;
        if (html.closest("[inert], [aria-hidden=true]")) continue;
        if (html.matches(":disabled")) continue;
        const style = getComputedStyle(html);
        if (style.visibility === "hidden" || html.getClientRects().length === 0) continue;
        // A control inside its label: the label is the target.
        const target =
          html.matches("input") && html.closest("label") ? (html.closest("label") as HTMLElement) : html;
        const box = target.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        // Visually hidden (skip link off screen, native file input under its label).
        if (box.width <= 1 || box.height <= 1) continue;
        // WCAG 2.5.8 exception: a link inside a sentence.
        if (
          html.matches("a") &&
          style.display === "inline" &&
          (html.parentElement?.textContent ?? "").trim().length > (html.textContent ?? "").trim().length
        )
          continue;
        if (box.width < min - 0.5 || box.height < min - 0.5)
          found.push(`${describe(html)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      return found;
    },
    { selector: interactiveSelector, min },
  );
}

/**
 * Focuses every tabbable element after a real Tab press (keyboard modality) and lists those whose
 * focus is not visible: `:focus-visible` must match and draw an outline of at least 2 px or a
 * box shadow, and an outline must stand out 3:1 from the ground it is drawn on (WCAG 1.4.11: the
 * nearest ancestor's background colour, or each colour of its gradient).
 */
export async function invisibleFocus(page: Page): Promise<string[]> {
  await page.keyboard.press("Tab");
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest("[inert], [aria-hidden=true]") || element.matches(":disabled")) continue;
      if (element.tabIndex < 0 || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden") continue;
      element.focus({ preventScroll: true });
      if (document.activeElement !== element) continue;
      // A native file input draws its focus on the label around it.
      const shown =
        element.matches("input[type=file]") && element.closest("label")
          ? (element.closest("label") as HTMLElement)
          : element;
      const drawn = getComputedStyle(shown);
      const ring = (style: CSSStyleDeclaration) =>
        style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
      let visible = ring(drawn) || drawn.boxShadow !== "none";
      const focusVisible = element.matches(":focus-visible");
      // The ring's contrast with the ground around it (an outline drawn outside the element).
      const colours = (text: string) =>
        (text.match(/rgba?\([^)]+\)/g) ?? [])
          .map((colour) => (colour.match(/[\d.]+/g) ?? []).map(Number))
          .filter((channels) => (channels[3] ?? 1) >= 0.5);
      const luminance = (channels: number[]) => {
        const linear = (value: number) => {
          const v = value / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return (
          0.2126 * linear(channels[0] ?? 0) +
          0.7152 * linear(channels[1] ?? 0) +
          0.0722 * linear(channels[2] ?? 0)
        );
      };
      const contrast = (a: number[], b: number[]) => {
        const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
        return (light + 0.05) / (dark + 0.05);
      };
      const [outline] = colours(drawn.outlineColor);
      let faint = false;
      if (ring(drawn) && outline) {
        let grounds: number[][] = [[255, 255, 255]];
        for (let up = shown.parentElement; up; up = up.parentElement) {
          const around = getComputedStyle(up);
          const found = [...colours(around.backgroundImage), ...colours(around.backgroundColor)];
          if (found.length > 0) {
            grounds = found;
            break;
          }
        }
        faint = grounds.some((ground) => contrast(outline, ground) < 3);
      }
      if (!visible) {
        // Or a card around it draws the ring while it has the focus (`:has(:focus-visible)`).
        const ancestors: HTMLElement[] = [];
        for (let up = element.parentElement; up && ancestors.length < 4; up = up.parentElement)
          ancestors.push(up);
        const withFocus = ancestors.map((up) => ring(getComputedStyle(up)));
        element.blur();
        visible = ancestors.some((up, index) => withFocus[index] && !ring(getComputedStyle(up)));
      }
      if (!focusVisible || !visible || faint) {
        const text = (element.getAttribute("aria-label") || element.textContent || "").trim().slice(0, 30);
        found.push(
          `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ""} "${text}" (focus-visible ${focusVisible}, outline ${drawn.outlineStyle} ${drawn.outlineWidth}${faint ? ` ${drawn.outlineColor}, under 3:1 with its ground` : ""})`,
        );
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return found;
  }, interactiveSelector);
}

/** What has the focus: its test id, else its name, else its text. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "body";
    return (
      element.dataset.testid ||
      element.getAttribute("name") ||
      element.getAttribute("aria-label") ||
      element.textContent?.trim() ||
      element.tagName
    );
  });
}

/** Whether the focus is inside the element matched by `selector`. */
export function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (selector) => document.querySelector(selector)?.contains(document.activeElement) ?? false,
    selector,
  );
}

/**
 * Starts recording what live regions would speak: every change of a live region's text, with the
 * (page) time. `aria-live="off"`, timers and aria-hidden content are not spoken.
 */
export function recordLiveRegions(page: Page): Promise<void> {
  return page.evaluate(() => {
    const records: { at: number; region: number; text: string }[] = [];
    const regions = new Map<Element, number>();
    const last = new Map<Element, string>();
    const liveRegionOf = (node: Node | null): Element | null => {
      let element = node instanceof Element ? node : (node?.parentElement ?? null);
      while (element) {
        if (element.getAttribute("aria-hidden") === "true") return null;
        const live = element.getAttribute("aria-live");
        if (live) return live === "off" ? null : element;
        const role = element.getAttribute("role");
        if (role === "status" || role === "alert" || role === "log") return element;
        if (role === "timer" || role === "marquee") return null;
        element = element.parentElement;
      }
      return null;
    };
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const region = liveRegionOf(mutation.target);
        if (!region) continue;
        const text = region.textContent?.trim() ?? "";
        if (last.get(region) === text) continue;
        last.set(region, text);
        if (!text) continue;
        if (!regions.has(region)) regions.set(region, regions.size);
        records.push({ at: Date.now(), region: regions.get(region) ?? -1, text });
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { __live: typeof records }).__live = records;
  });
}

export function liveRecords(page: Page): Promise<{ at: number; region: number; text: string }[]> {
  return page.evaluate(
    () => (window as unknown as { __live: { at: number; region: number; text: string }[] }).__live,
  );
}

/**
 * Focuses every tabbable element in order, then in reverse (as Tab and Shift+Tab would), and lists
 * those the page's own sticky bars hide entirely once focused (WCAG 2.4.11): none of five points
 * of the element's box hits the element.
 */
export function obscuredFocus(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const items = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) =>
        !element.closest("[inert], [aria-hidden=true], dialog:not([open])") &&
        !element.matches(":disabled") &&
        element.tabIndex >= 0 &&
        element.getClientRects().length > 0 &&
        getComputedStyle(element).visibility !== "hidden",
    );
    const found = new Set<string>();
    for (const element of [...items, ...items.reverse()]) {
      element.focus();
      if (document.activeElement !== element) continue;
      const shown =
        element.matches("input[type=file]") && element.closest("label")
          ? (element.closest("label") as HTMLElement)
          : element;
      const box = shown.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const points: [number, number][] = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ];
      const visible = points.some(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (shown.contains(hit) || hit.contains(shown));
      });
      if (!visible) {
        const text = (element.getAttribute("aria-label") || element.textContent || "").trim().slice(0, 30);
        found.add(
          `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ""} "${text}"`,
        );
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    return [...found];
  }, interactiveSelector);
}

/**
 * Whether assistive technology is told the element (the first `selector` matches) is expanded, as
 * Chromium's own accessibility tree says: it knows the states the browser gives (a popover's
 * toggle) as well as `aria-expanded`. Read over the DevTools protocol, so it works in a page whose
 * scripts do not run; undefined where the element has no such state.
 */
export async function announcedExpanded(page: Page, selector: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded");
    return expanded === undefined ? undefined : expanded.value.value === true;
  } finally {
    await cdp.detach();
  }
}

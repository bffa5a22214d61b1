import { expect } from "@playwright/test";
import type { Browser, BrowserContext, Locator, Page, Response, Route } from "playwright-core";

/** The system under test, started once by the global setup (`support/global-setup.ts`). */
export const baseUrl = process.env.E2E_BASE_URL as string;

export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;
export type Lang = "id" | "en";

/**
 * Resizes the page to another frame and waits until it has the new width and a task has run after
 * it: the layout follows the width through matchMedia listeners. Timers, not animation frames,
 * which a busy renderer can hold back for minutes. The context keeps what it was made with (a
 * phone's touch and user agent): the same page seen in the other frame's size.
 */
export async function resize(page: Page, viewport: ViewportName): Promise<void> {
  const size = viewports[viewport];
  await page.setViewportSize(size);
  await page.waitForFunction((width) => window.innerWidth === width, size.width, { polling: 50 });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** A viewport and the language of the visitor who sees the page in it. */
export type Frame = readonly [ViewportName, Lang];

/**
 * One frame each, for a check that neither the width nor the language changes: how a screen meets
 * the network, the clock or the API's data. Such a check runs once, in the frame its loop names
 * (`for (const [viewport, lang] of [phoneEn])`), and the checks of a file take the frames in turn.
 * Journeys, layout, focus and texts run in `phoneAndDesktop` (e2e/README.md).
 */
export const phoneId: Frame = ["mobile", "id"];
export const desktopEn: Frame = ["desktop", "en"];
export const phoneEn: Frame = ["mobile", "en"];
export const desktopId: Frame = ["desktop", "id"];

/** Every viewport in every language: the phone in Indonesian first, then the desktop in English. */
export const everyFrame: readonly Frame[] = [phoneId, desktopEn, phoneEn, desktopId];

/** Every viewport and every language once each: the phone in Indonesian, the desktop in English. */
export const phoneAndDesktop = everyFrame.slice(0, 2);

/** The two frames `phoneAndDesktop` leaves out: the phone in English, the desktop in Indonesian. */
export const otherFrames = everyFrame.slice(2);

const mobileUserAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

export interface ContextOptions {
  viewport?: ViewportName;
  /** Language chosen before the first visit (cookie + storage), as a returning visitor. */
  language?: Lang;
  /** Extra localStorage entries set before the first page script runs. */
  storage?: Record<string, string>;
  /**
   * Let the page register its service worker. Off by default: a worker serves pages from its
   * caches and its own requests bypass `context.route`, which other tests rely on.
   */
  serviceWorkers?: boolean;
  /** The phone's time zone (IANA name); the machine's by default. */
  timezoneId?: string;
  /** `false`: a browser that runs no script of the page (the forms' actions answer it alone). */
  javaScriptEnabled?: boolean;
  /** The visitor's setting for less motion. */
  reducedMotion?: "reduce";
  /** Windows high contrast. */
  forcedColors?: "active";
}

function isLocal(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1";
}

/** Any address that is not this machine's (`isLocal`'s complement, as a pattern for `route`). */
const otherSites = /^(?!https?:\/\/(?:localhost|127\.0\.0\.1)(?:[:/?#]|$))/;

/** A fresh browser context; other sites are answered locally so no test leaves the machine. */
export async function newContext(b: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const mobile = options.viewport === "mobile";
  const context = await b.newContext({
    baseURL: baseUrl,
    viewport: viewports[options.viewport ?? "desktop"],
    userAgent: mobile ? mobileUserAgent : undefined,
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: 1,
    serviceWorkers: options.serviceWorkers ? "allow" : "block",
    timezoneId: options.timezoneId,
    javaScriptEnabled: options.javaScriptEnabled,
    reducedMotion: options.reducedMotion,
    forcedColors: options.forcedColors,
  });
  // Other sites answer with a stub. Playwright has once reported a request here that was already
  // answered ("Route is already handled", two browser test files at once): nothing is left to answer.
  // A regular expression, not a function: Playwright matches it beside the browser, so the page's
  // own requests are never sent to the test process to be asked about, as a function is about
  // every request of every page.
  await context.route(otherSites, (route) =>
    route
      .fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>external</title>" })
      .catch((error: unknown) => {
        if (!/already handled/.test(String(error))) throw error;
      }),
  );
  const initial: Record<string, string> = { ...options.storage };
  if (options.language) {
    initial.language = options.language;
    await context.addCookies([{ name: "language", value: options.language, url: baseUrl }]);
  }
  if (Object.keys(initial).length > 0) {
    // Only once per context, so that what the page stores later is not overwritten on reload.
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem("__seeded")) return;
      sessionStorage.setItem("__seeded", "1");
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, initial);
  }
  return context;
}

/** Console errors and uncaught page errors seen by a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // The browser itself reports the not-found page's own 404 document; that status is the point.
    if (/status of 404/.test(text) && message.location().url === page.url()) return;
    errors.push(`console: ${text} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Clicks a form's submit button and waits for the page the browser goes to, as a browser without
 * scripts sends a form: the post's answer, once the new document has reached `state` (a page whose
 * scripts are held back never fires `load`: wait for `domcontentloaded` there).
 */
export async function submitAndWait(
  page: Page,
  submit: Locator,
  state: "domcontentloaded" | "load" = "load",
): Promise<Response> {
  const answered = page.waitForResponse(
    (response) => response.request().isNavigationRequest() && response.request().method() === "POST",
  );
  const committed = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await submit.click();
  const [response] = await Promise.all([answered, committed]);
  await page.waitForLoadState(state);
  return response;
}

/** Waits until React has hydrated the page. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 30_000 });
}

/**
 * The requests of the given kinds (`script`, `stylesheet`…) a page makes from now on, and a wait
 * until it has made none for `quietMs` (a page that keeps a stream open is never network-idle).
 */
export function watchRequests(page: Page, kinds: readonly string[]) {
  const urls: string[] = [];
  let last = Date.now();
  page.on("request", (request) => {
    if (!kinds.includes(request.resourceType())) return;
    urls.push(request.url());
    last = Date.now();
  });
  return {
    urls,
    quiet: (quietMs: number) =>
      expect.poll(() => Date.now() - last >= quietMs, { timeout: 30_000, intervals: [250] }).toBe(true),
  };
}

/** The page's own scripts (the build's JavaScript files). */
export const isScript = (url: URL) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js");

/**
 * Holds back every request `matches` picks until the returned function is called: a page's requests,
 * or with a context also its service worker's script.
 */
export async function holdRequests(
  target: Page | BrowserContext,
  matches: (url: URL) => boolean,
): Promise<() => void> {
  const held: (() => void)[] = [];
  let holding = true;
  await target.route(matches, async (route) => {
    if (holding) await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return () => {
    holding = false;
    for (const release of held.splice(0)) release();
  };
}

/**
 * Holds back every script of the page until the returned function is called: the server's HTML is
 * on screen and the visitor can type into it, but nothing has hydrated yet.
 */
export function holdScripts(page: Page): Promise<() => void> {
  return holdRequests(page, isScript);
}

/** Opens a path and waits for hydration; returns the document response. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  await hydrated(page);
  return response;
}

/**
 * `route.fetch` as the browser would make the request: a GET that meets a connection closed under it
 * (a keep-alive socket the server dropped at that moment) is sent once more, as browsers do.
 */
export async function fetchThrough(route: Route, options: Parameters<Route["fetch"]>[0] = {}) {
  try {
    return await route.fetch(options);
  } catch (error) {
    if (route.request().method() !== "GET" || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return route.fetch(options);
  }
}

/**
 * Lets the browser make a web-view page's first calls itself, for tests that answer them with
 * stubs: the document is requested without its `token` (so the server sends the skeleton instead
 * of checking the token and reading the data itself, ADR 011) while the address bar keeps it. A
 * redirect to such a page (a payment gateway's return) arrives without the token; the page then
 * uses the stored one (also when the redirect goes through the API first, as gateways' returns do).
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || !isLocal(new URL(request.url()))) return route.fallback();
    const url = new URL(request.url());
    if (url.searchParams.has("token")) {
      url.searchParams.delete("token");
      return route.continue({ url: url.href });
    }
    let response = await fetchThrough(route, { maxRedirects: 0 });
    let from = url;
    for (let hop = 0; hop < 5; hop++) {
      const location = response.headers().location;
      if (response.status() < 300 || response.status() >= 400 || !location) break;
      const next = new URL(location, from);
      // A redirect through the API (a gateway's return) is followed here: the browser would follow
      // it by itself, past this route, to the page with its token.
      if (!isLocal(next) || !next.pathname.startsWith("/api/")) break;
      response = await page.context().request.get(next.href, { maxRedirects: 0 });
      from = next;
    }
    const location = response.headers().location;
    if (response.status() >= 300 && response.status() < 400 && location) {
      const next = new URL(location, from);
      next.searchParams.delete("token");
      return route.fulfill({ response, headers: { ...response.headers(), location: next.href } });
    }
    return route.fulfill({ response });
  });
}

/**
 * Demo rents are Budi's, an Indonesian-speaking member. An English run answers his members check
 * with `language: "en"`, so the screens switch the way they would for an English-speaking member;
 * the page is then rendered in the browser, where that answer is received.
 */
export async function speakEnglish(page: Page): Promise<void> {
  await renderInBrowser(page);
  await page.route("**/api/webview/v1/members/auth?*", async (route) => {
    const response = await fetchThrough(route);
    const body = (await response.json()) as { data: { language: string } };
    body.data.language = "en";
    await route.fulfill({ response, json: body });
  });
}

/**
 * Turns a feature flag off in the settings the browser reads (`yellowai`, or the payment flags that
 * pick the flow, spec §3). The settings are then answered by a stub, so the page is rendered in the
 * browser, which asks for them itself.
 */
export async function featureOff(page: Page, flag: string): Promise<void> {
  await renderInBrowser(page);
  await page.route("**/api/v1/settings", async (route) => {
    const response = await fetchThrough(route);
    const body = (await response.json()) as {
      data: { enabled_userapp_feature: { name: string; setting_value: string }[] };
    };
    for (const feature of body.data.enabled_userapp_feature) {
      if (feature.name === flag) feature.setting_value = "disabled";
    }
    await route.fulfill({ response, json: body });
  });
}

/**
 * Gives the page's timers to the test: installed and held, so that only `runClock` (or
 * `page.clock.runFor`) moves them. `clock.install()` alone lets time flow as it does outside, and a
 * busy runner then fires a timer the test meant to hold.
 */
export async function holdClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  // Held a second after the install (time flows until then); nothing in the page has run yet, so no
  // timer is due.
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Lets `ms` of page time pass at once (the page's clock is installed), then waits one round trip
 * through the page so that a request its timers started has been reported.
 */
export async function runClock(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        // A message, not a timer: the page's timers are the test's.
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(0);
      }),
  );
}

/**
 * Cuts the order screens' stream of pushed changes (ADR 020) in this page, so they fall back to
 * their 5 s poll: a test of the poll itself. Blocked in the browser, not by request routing (which
 * would turn the page's HTTP cache off).
 */
export async function cutOrderStream(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setBlockedURLs", { urls: ["*/api/v1/box/express/info/*/events"] });
}

/** Makes the page believe its tab was hidden (or shown again), as a switch of tabs or apps does. */
export async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (value ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, hidden);
}

/**
 * Waits for the next frame, then until the page's CSS transitions and animations that have an end (a
 * menu opening, a slide) have ended; endless ones (a loader's pulse) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

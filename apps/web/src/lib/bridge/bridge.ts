import type { Order } from "@paxelbox/contract";
import { getRuntimeConfig } from "../../config/runtime-config";
import { showToast } from "../ui/toast";

/**
 * The one door to the native app (spec §7 bridge calls). The app injects one of:
 *
 * - Android: `window.PaxelBoxBridge.<action>(payloadJson: string)` — one method per action,
 *   the payload as a JSON string ("{}" when there is none).
 * - iOS: `window.webkit.messageHandlers.paxelbox.postMessage({ action, payload })`.
 *
 * Without either (a normal browser) each call runs its browser fallback. A missing bridge is
 * only logged. Every call resolves to a `BridgeOutcome` and is kept in a short log for `/debug`.
 * Two optional calls, `getLocation` and `setScreenBrightness`, go the same way when the app has them.
 */

export interface ShareOrderPayload {
  recipientName: Order["recipientName"];
  expressNumber: Order["expressNumber"];
  /** The order's status as shown to people, in the page's language (`statusText`), e.g. "Diambil oleh Pelanggan". */
  status: string;
  /** Locker location and door. */
  box: { name: Order["mouth"]["box"]["name"]; address: Order["mouth"]["box"]["address"]; door: string };
  /** Payment summary as shown to people, e.g. "QRIS · Rp. 15.000". */
  paymentInfo: string;
}

export interface BridgePayloads {
  closeWebView: Record<string, never>;
  copyToClipboard: { text: string };
  openMapLink: { url: string };
  openMapLocation: { latitude: number; longitude: number; label?: string };
  shareOrder: ShareOrderPayload;
  contactSupport: { expressNumber?: string; topic?: string };
  recordEvent: { name: string; params?: Record<string, string | number | boolean | null> };
}
export type BridgeAction = keyof BridgePayloads;
/** Calls the app may or may not have; the page works without them. */
type OptionalAction = "getLocation" | "setScreenBrightness";
type NativeAction = BridgeAction | OptionalAction;

export type BridgeChannel = "android" | "ios";
type BridgeFallback = "history-back" | "home" | "clipboard" | "web-share" | "open-link" | "console";

export interface BridgeOutcome {
  action: NativeAction;
  /** Native channel used, or "browser" when a fallback ran. */
  via: BridgeChannel | "browser";
  fallback?: BridgeFallback;
  ok: boolean;
  detail?: string;
  at: number;
}

declare global {
  interface Window {
    /** Android: `getLocation` answers `{"latitude":…,"longitude":…}` (or `{"error":"denied"}`) as JSON. */
    PaxelBoxBridge?: Partial<Record<NativeAction, (payloadJson: string) => unknown>>;
    /** iOS: with a reply handler (WKScriptMessageHandlerWithReply) the answer comes back as a promise. */
    webkit?: {
      messageHandlers?: {
        paxelbox?: { postMessage(message: { action: NativeAction; payload: unknown }): unknown };
      };
    };
  }
}

/** Which native bridge this page has (for `action`: Android only when it has that method), if any. */
export function detectBridge(action?: NativeAction): BridgeChannel | null {
  if (typeof window === "undefined") return null;
  const android = window.PaxelBoxBridge;
  if (android && (action ? typeof android[action] === "function" : true)) return "android";
  if (typeof window.webkit?.messageHandlers?.paxelbox?.postMessage === "function") return "ios";
  return null;
}

export function hasNativeBridge(): boolean {
  return detectBridge() !== null;
}

/** Hands the call to the app; returns what the app answered. Throws when the app does. */
function post(channel: BridgeChannel, action: NativeAction, payload: unknown): unknown {
  return channel === "android"
    ? window.PaxelBoxBridge?.[action]?.(JSON.stringify(payload))
    : window.webkit?.messageHandlers?.paxelbox?.postMessage({ action, payload });
}

/** How long an iOS reply handler's answer is waited for; the screen goes on without it then. */
export const nativeAnswerMs = 10_000;

/** An app that has not answered within `nativeAnswerMs`. */
const noAnswer = Symbol("no answer");

/**
 * `post`, its answer waited for `nativeAnswerMs` at most: an app that holds its reply (a location
 * prompt left open, a handler that never answers) does not hold the screen.
 */
function postAnswered(channel: BridgeChannel, action: NativeAction, payload: unknown): Promise<unknown> {
  return Promise.race([
    Promise.resolve(post(channel, action, payload)),
    new Promise((resolve) => setTimeout(resolve, nativeAnswerMs, noAnswer)),
  ]);
}

function logInfo(message: string, data?: unknown): void {
  // Info, not warn/error: a missing bridge is normal in a browser.
  console.info(`[bridge] ${message}`, ...(data === undefined ? [] : [data]));
}

// --- outcome log (for /debug) --------------------------------------------------------------

let log: readonly BridgeOutcome[] = [];
const listeners = new Set<() => void>();

function record(outcome: Omit<BridgeOutcome, "at">): BridgeOutcome {
  const entry = { ...outcome, at: Date.now() };
  log = [entry, ...log].slice(0, 50);
  for (const listener of listeners) listener();
  return entry;
}

export function bridgeLog(): readonly BridgeOutcome[] {
  return log;
}
export function subscribeBridgeLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function clearBridgeLog(): void {
  log = [];
  for (const listener of listeners) listener();
}

// --- the seven calls ------------------------------------------------------------------------

type Fallback = { fallback: BridgeFallback; ok: boolean; detail?: string };

/**
 * Sends the call to the app; without a bridge for it (or when the app throws, or its iOS reply
 * refuses) runs the browser fallback. Without a bridge, or on a throw, the fallback starts in the
 * same task, so it keeps the click's user activation (pop-ups, Web Share, clipboard); after a
 * refused reply it runs as soon as the app has answered.
 */
async function call<A extends BridgeAction>(
  action: A,
  payload: BridgePayloads[A],
  fallback: () => Fallback | Promise<Fallback>,
): Promise<BridgeOutcome> {
  const channel = detectBridge(action);
  if (channel) {
    try {
      // An iOS reply handler answers with a promise; its rejection is the app's refusal. Without
      // an answer in time the app may still be doing it (a share sheet left open): no fallback,
      // which would do it twice.
      const answer = await postAnswered(channel, action, payload);
      if (answer === noAnswer) return record({ action, via: channel, ok: false, detail: "no answer" });
      return record({ action, via: channel, ok: true });
    } catch (error) {
      logInfo(`native ${action} failed; using the browser fallback`, error);
    }
  } else {
    logInfo(`native bridge missing for ${action}; using the browser fallback`);
  }
  return record({ action, via: "browser", ...(await fallback()) });
}

/** Opens a link in a new tab (with noopener browsers return null even on success: only a throw fails). */
function openLink(url: string): Fallback {
  let ok = Boolean(url);
  try {
    if (ok) window.open(url, "_blank", "noopener,noreferrer");
  } catch {
    ok = false;
  }
  return { fallback: "open-link", ok, detail: url };
}

/** Copies with the Clipboard API, else (insecure context, denied permission) with a hidden text area. */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the old way.
  }
  try {
    const area = Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/** Fills `{lat}`/`{lng}` of the maps search template. */
export function mapsSearchLink(template: string, latitude: number, longitude: number): string {
  return template.replace("{lat}", String(latitude)).replace("{lng}", String(longitude));
}

/** Closes the web view; in a browser goes back in history (or home when there is no history). */
export function closeWebView(): Promise<BridgeOutcome> {
  return call("closeWebView", {}, () => {
    if (window.history.length > 1) {
      window.history.back();
      return { fallback: "history-back", ok: true };
    }
    window.location.assign("/");
    return { fallback: "home", ok: true };
  });
}

/** Copies text; shows the 'Berhasil disalin' toast for 3 s when it worked. */
export async function copyToClipboard(text: string): Promise<BridgeOutcome> {
  const outcome = await call("copyToClipboard", { text }, async () => ({
    fallback: "clipboard",
    ok: await writeClipboard(text),
  }));
  if (outcome.ok) showToast("toast.copied");
  return outcome;
}

export function openMapLink(url: string): Promise<BridgeOutcome> {
  return call("openMapLink", { url }, () => openLink(url));
}

export function openMapLocation(latitude: number, longitude: number, label?: string): Promise<BridgeOutcome> {
  return call("openMapLocation", { latitude, longitude, label }, () => {
    const template = getRuntimeConfig()?.mapsSearchUrl;
    return openLink(template ? mapsSearchLink(template, latitude, longitude) : "");
  });
}

/** Shares an order; in a browser uses the Web Share API, else copies the text. */
export function shareOrder(payload: ShareOrderPayload): Promise<BridgeOutcome> {
  return call("shareOrder", payload, async () => {
    const { expressNumber, recipientName, box, paymentInfo, status } = payload;
    const text = [expressNumber, recipientName, `${box.name} · ${box.door}`, box.address, paymentInfo, status]
      .filter(Boolean)
      .join("\n");
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: expressNumber, text });
        return { fallback: "web-share", ok: true };
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") {
          return { fallback: "web-share", ok: false, detail: "cancelled" };
        }
        // Share refused (e.g. not allowed here): copy instead.
      }
    }
    const ok = await writeClipboard(text);
    if (ok) showToast("toast.copied");
    return { fallback: "clipboard", ok };
  });
}

/** Opens support: the app's chat, else the chatbot link. */
export function contactSupport(context: BridgePayloads["contactSupport"] = {}): Promise<BridgeOutcome> {
  return call("contactSupport", context, () => openLink(getRuntimeConfig()?.chatbotUrl ?? ""));
}

/** Records an analytics event; in a browser only logs it. */
export function recordEvent(
  name: string,
  params?: BridgePayloads["recordEvent"]["params"],
): Promise<BridgeOutcome> {
  return call("recordEvent", { name, params }, () => {
    console.info(`[event] ${name}`, params ?? {});
    return { fallback: "console", ok: true, detail: name };
  });
}

export const bridge = {
  closeWebView,
  copyToClipboard,
  openMapLink,
  openMapLocation,
  shareOrder,
  contactSupport,
  recordEvent,
};

// --- optional calls -------------------------------------------------------------------------

type LocationAnswer = { latitude: number; longitude: number } | "denied" | "unavailable";

function toLocation(value: unknown): LocationAnswer {
  const data = typeof value === "string" ? (JSON.parse(value || "null") as unknown) : value;
  const { latitude, longitude, error } = (data ?? {}) as Record<string, unknown>;
  if (typeof latitude === "number" && typeof longitude === "number") return { latitude, longitude };
  return error === "denied" ? "denied" : "unavailable";
}

/**
 * Where the person is, for "nearest to me": the app's answer to `getLocation` (Android returns a
 * JSON string, iOS's reply handler the object); without one, the browser's geolocation asks.
 */
export async function getLocation(): Promise<LocationAnswer> {
  const channel = detectBridge("getLocation");
  if (channel) {
    try {
      const answered = await postAnswered(channel, "getLocation", {});
      // No answer in time: the browser is asked instead.
      const answer = answered === noAnswer ? "unavailable" : toLocation(answered);
      if (answer !== "unavailable") return answer;
    } catch (error) {
      logInfo("native getLocation failed; asking the browser", error);
    }
  }
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) return "unavailable";
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    ),
  );
}

/**
 * Asks the app to raise the screen brightness while a QR is shown (`"max"`) and to give it back
 * (`"default"`), so the locker's scanner reads the code. Without the call (a browser, an older
 * app) nothing happens.
 */
export function setScreenBrightness(level: "max" | "default"): BridgeOutcome | null {
  const channel = detectBridge("setScreenBrightness");
  if (!channel) return null;
  const failed = (error: unknown) => logInfo("native setScreenBrightness failed", error);
  try {
    // Not waited for; an iOS reply handler's refusal comes later, as a rejection.
    const answer = post(channel, "setScreenBrightness", { level });
    Promise.resolve(answer).catch(failed);
    return record({ action: "setScreenBrightness", via: channel, ok: true, detail: level });
  } catch (error) {
    failed(error);
    return null;
  }
}

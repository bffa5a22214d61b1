import type { Order } from "@paxelbox/contract";
import { getRuntimeConfig } from "./runtime-config";
import { showToast } from "./toast";

/**
 * The one door to the native app (spec §7 bridge calls). The app injects one of:
 *
 * - Android: `window.PaxelBoxBridge.<action>(payloadJson: string)` — one method per action,
 *   the payload as a JSON string ("{}" when there is none).
 * - iOS: `window.webkit.messageHandlers.paxelbox.postMessage({ action, payload })`.
 *
 * Without either (a normal browser) each call runs its browser fallback. A missing bridge is
 * only logged. Every call resolves to a `BridgeOutcome` and is kept in a short log for `/debug`.
 */

export interface ShareOrderPayload {
  recipientName: Order["recipientName"];
  expressNumber: Order["expressNumber"];
  status: Order["status"];
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

export const bridgeActions = [
  "closeWebView",
  "copyToClipboard",
  "openMapLink",
  "openMapLocation",
  "shareOrder",
  "contactSupport",
  "recordEvent",
] as const satisfies readonly BridgeAction[];

export type BridgeChannel = "android" | "ios";
export type BridgeFallback =
  | "history-back"
  | "home"
  | "clipboard"
  | "web-share"
  | "open-link"
  | "console"
  | "none";

/** Calls the app may or may not have; the page works without them. */
export type OptionalBridgeAction = "getLocation" | "setScreenBrightness";

export interface BridgeOutcome {
  action: BridgeAction | OptionalBridgeAction;
  /** Native channel used, or "browser" when a fallback ran. */
  via: BridgeChannel | "browser";
  fallback?: BridgeFallback;
  ok: boolean;
  detail?: string;
  at: number;
}

export type AndroidBridge = Partial<Record<BridgeAction, (payloadJson: string) => unknown>> & {
  /** Optional: answers `{"latitude":…,"longitude":…}` (or `{"error":"denied"}`) as a JSON string. */
  getLocation?: (payloadJson: string) => string;
  /** Optional: `{"level":"max"}` while a QR is on screen, `{"level":"default"}` after. */
  setScreenBrightness?: (payloadJson: string) => unknown;
};
export interface IosMessageHandler {
  /** With a reply handler (WKScriptMessageHandlerWithReply) the result comes back as a promise. */
  postMessage(message: { action: BridgeAction | OptionalBridgeAction; payload: unknown }): unknown;
}

declare global {
  interface Window {
    PaxelBoxBridge?: AndroidBridge;
    webkit?: { messageHandlers?: { paxelbox?: IosMessageHandler } };
  }
}

/** Which native bridge this page has, if any. */
export function detectBridge(action?: BridgeAction): BridgeChannel | null {
  if (typeof window === "undefined") return null;
  const android = window.PaxelBoxBridge;
  if (android && (action ? typeof android[action] === "function" : true)) return "android";
  if (typeof window.webkit?.messageHandlers?.paxelbox?.postMessage === "function") return "ios";
  return null;
}

export function hasNativeBridge(): boolean {
  return detectBridge() !== null;
}

// --- outcome log (for /debug) --------------------------------------------------------------

const logLimit = 50;
let log: readonly BridgeOutcome[] = [];
const listeners = new Set<() => void>();

function record(outcome: Omit<BridgeOutcome, "at">): BridgeOutcome {
  const entry = { ...outcome, at: Date.now() };
  log = [entry, ...log].slice(0, logLimit);
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

// --- plumbing -------------------------------------------------------------------------------

function logInfo(message: string, data?: unknown): void {
  // Info, not warn/error: a missing bridge is normal in a browser.
  console.info(`[bridge] ${message}`, ...(data === undefined ? [] : [data]));
}

/** Sends to the native app; `null` when there is no bridge (or it threw). */
function sendNative<A extends BridgeAction>(action: A, payload: BridgePayloads[A]): BridgeOutcome | null {
  const channel = detectBridge(action);
  if (!channel) {
    logInfo(`native bridge missing for ${action}; using the browser fallback`);
    return null;
  }
  try {
    if (channel === "android") window.PaxelBoxBridge?.[action]?.(JSON.stringify(payload));
    else window.webkit?.messageHandlers?.paxelbox?.postMessage({ action, payload });
    return record({ action, via: channel, ok: true });
  } catch (error) {
    logInfo(`native ${action} failed; using the browser fallback`, error);
    return null;
  }
}

function openLink(url: string): boolean {
  if (!url) return false;
  try {
    // With noopener browsers return null even on success, so only a throw counts as failure.
    window.open(url, "_blank", "noopener,noreferrer");
    return true;
  } catch {
    return false;
  }
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the old way (insecure context, denied permission).
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
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

function shareText(payload: ShareOrderPayload): string {
  return [
    payload.expressNumber,
    payload.recipientName,
    `${payload.box.name} · ${payload.box.door}`,
    payload.box.address,
    payload.paymentInfo,
    String(payload.status),
  ]
    .filter(Boolean)
    .join("\n");
}

/** Fills `{lat}`/`{lng}` of the maps search template. */
export function mapsSearchLink(template: string, latitude: number, longitude: number): string {
  return template.replace("{lat}", String(latitude)).replace("{lng}", String(longitude));
}

// --- the seven calls ------------------------------------------------------------------------

/** Closes the web view; in a browser goes back in history (or home when there is no history). */
export async function closeWebView(): Promise<BridgeOutcome> {
  const native = sendNative("closeWebView", {});
  if (native) return native;
  if (window.history.length > 1) {
    window.history.back();
    return record({ action: "closeWebView", via: "browser", fallback: "history-back", ok: true });
  }
  window.location.assign("/");
  return record({ action: "closeWebView", via: "browser", fallback: "home", ok: true });
}

/** Copies text; shows the 'Berhasil disalin' toast for 3 s when it worked. */
export async function copyToClipboard(text: string): Promise<BridgeOutcome> {
  const native = sendNative("copyToClipboard", { text });
  if (native) {
    showToast("toast.copied");
    return native;
  }
  const ok = await writeClipboard(text);
  if (ok) showToast("toast.copied");
  return record({ action: "copyToClipboard", via: "browser", fallback: "clipboard", ok });
}

export async function openMapLink(url: string): Promise<BridgeOutcome> {
  const native = sendNative("openMapLink", { url });
  if (native) return native;
  const ok = openLink(url);
  return record({ action: "openMapLink", via: "browser", fallback: "open-link", ok, detail: url });
}

export async function openMapLocation(
  latitude: number,
  longitude: number,
  label?: string,
): Promise<BridgeOutcome> {
  const native = sendNative("openMapLocation", { latitude, longitude, label });
  if (native) return native;
  const template = getRuntimeConfig()?.mapsSearchUrl;
  const url = template ? mapsSearchLink(template, latitude, longitude) : "";
  const ok = openLink(url);
  return record({ action: "openMapLocation", via: "browser", fallback: "open-link", ok, detail: url });
}

/** Shares an order; in a browser uses the Web Share API, else copies the text. */
export async function shareOrder(payload: ShareOrderPayload): Promise<BridgeOutcome> {
  const native = sendNative("shareOrder", payload);
  if (native) return native;
  const text = shareText(payload);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: payload.expressNumber, text });
      return record({ action: "shareOrder", via: "browser", fallback: "web-share", ok: true });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") {
        return record({
          action: "shareOrder",
          via: "browser",
          fallback: "web-share",
          ok: false,
          detail: "cancelled",
        });
      }
      // Share refused (e.g. not allowed here): copy instead.
    }
  }
  const ok = await writeClipboard(text);
  if (ok) showToast("toast.copied");
  return record({ action: "shareOrder", via: "browser", fallback: "clipboard", ok });
}

/** Opens support: the app's chat, else the chatbot link. */
export async function contactSupport(context: BridgePayloads["contactSupport"] = {}): Promise<BridgeOutcome> {
  const native = sendNative("contactSupport", context);
  if (native) return native;
  const url = getRuntimeConfig()?.chatbotUrl ?? "";
  const ok = openLink(url);
  return record({ action: "contactSupport", via: "browser", fallback: "open-link", ok, detail: url });
}

/** Records an analytics event; in a browser only logs it. */
export async function recordEvent(
  name: string,
  params?: BridgePayloads["recordEvent"]["params"],
): Promise<BridgeOutcome> {
  const native = sendNative("recordEvent", { name, params });
  if (native) return native;
  console.info(`[event] ${name}`, params ?? {});
  return record({ action: "recordEvent", via: "browser", fallback: "console", ok: true, detail: name });
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

// --- optional: location -------------------------------------------------------------------

export type LocationAnswer = { latitude: number; longitude: number } | "denied" | "unavailable";

function toLocation(value: unknown): LocationAnswer {
  const data = typeof value === "string" ? (JSON.parse(value || "null") as unknown) : value;
  if (data && typeof data === "object") {
    const { latitude, longitude, error } = data as {
      latitude?: unknown;
      longitude?: unknown;
      error?: unknown;
    };
    if (typeof latitude === "number" && typeof longitude === "number") return { latitude, longitude };
    if (error === "denied") return "denied";
  }
  return "unavailable";
}

function browserLocation(): Promise<LocationAnswer> {
  if (typeof navigator === "undefined" || !("geolocation" in navigator))
    return Promise.resolve("unavailable");
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    ),
  );
}

/**
 * Where the person is, for "nearest to me". The app may answer through an optional bridge call
 * `getLocation` (Android: returns a JSON string; iOS: a reply handler returning the object);
 * without it, or when it has no answer, the browser's geolocation asks.
 */
export async function getLocation(): Promise<LocationAnswer> {
  if (typeof window !== "undefined") {
    try {
      const android = window.PaxelBoxBridge?.getLocation;
      if (typeof android === "function") {
        const answer = toLocation(android("{}"));
        if (answer !== "unavailable") return answer;
      } else if (typeof window.webkit?.messageHandlers?.paxelbox?.postMessage === "function") {
        const reply = window.webkit.messageHandlers.paxelbox.postMessage({
          action: "getLocation",
          payload: {},
        });
        if (reply && typeof (reply as Promise<unknown>).then === "function") {
          const answer = toLocation(await (reply as Promise<unknown>));
          if (answer !== "unavailable") return answer;
        }
      }
    } catch (error) {
      logInfo("native getLocation failed; asking the browser", error);
    }
  }
  return browserLocation();
}

// --- optional: screen brightness ------------------------------------------------------------

export type ScreenBrightness = "max" | "default";

/**
 * Asks the app to raise the screen brightness while a QR is shown (`"max"`) and to give it back
 * (`"default"`), so the locker's scanner reads the code. Optional: without the call (a browser,
 * an older app) nothing happens. Android `setScreenBrightness('{"level":"max"}')`; iOS
 * `postMessage({ action: "setScreenBrightness", payload: { level } })`.
 */
export function setScreenBrightness(level: ScreenBrightness): BridgeOutcome | null {
  if (typeof window === "undefined") return null;
  const payload = { level };
  try {
    const android = window.PaxelBoxBridge?.setScreenBrightness;
    if (typeof android === "function") {
      android.call(window.PaxelBoxBridge, JSON.stringify(payload));
      return record({ action: "setScreenBrightness", via: "android", ok: true, detail: level });
    }
    const ios = window.webkit?.messageHandlers?.paxelbox;
    if (ios && typeof ios.postMessage === "function") {
      ios.postMessage({ action: "setScreenBrightness", payload });
      return record({ action: "setScreenBrightness", via: "ios", ok: true, detail: level });
    }
  } catch (error) {
    logInfo("native setScreenBrightness failed", error);
  }
  return null;
}

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fallbackPublicConfig } from "../../config/public-config";
import { setRuntimeConfig } from "../../config/runtime-config";
import { currentToast, dismissToast } from "../ui/toast";
import {
  type BridgeAction,
  bridge,
  bridgeLog,
  clearBridgeLog,
  detectBridge,
  getLocation,
  mapsSearchLink,
  nativeAnswerMs,
  type ShareOrderPayload,
  setScreenBrightness,
} from "./bridge";

/** The seven calls of spec §7. */
const actions = Object.keys(bridge) as BridgeAction[];

const order: ShareOrderPayload = {
  recipientName: "Sari",
  expressNumber: "PXB-9",
  status: "CUSTOMER_TAKEN",
  box: { name: "PaxelBox Monas", address: "Jl. Medan Merdeka", door: "A12" },
  paymentInfo: "QRIS · Rp. 15.000",
};

beforeEach(() => {
  clearBridgeLog();
  dismissToast();
  setRuntimeConfig({
    ...fallbackPublicConfig,
    chatbotUrl: "https://chat.test/",
    mapsSearchUrl: "https://maps.test/?q={lat},{lng}",
  });
  vi.spyOn(console, "info").mockImplementation(() => undefined);
});

afterEach(() => {
  delete window.PaxelBoxBridge;
  delete window.webkit;
  vi.unstubAllGlobals();
});

describe("native bridge present", () => {
  it("calls the Android method of each action with a JSON string", async () => {
    const calls: [string, unknown][] = [];
    window.PaxelBoxBridge = Object.fromEntries(
      actions.map((action) => [action, (json: string) => calls.push([action, JSON.parse(json)])]),
    );
    const open = vi.spyOn(window, "open");
    expect(detectBridge()).toBe("android");

    await bridge.closeWebView();
    await bridge.copyToClipboard("PXB-9");
    await bridge.openMapLink("https://maps.test/x");
    await bridge.openMapLocation(-6.1, 106.8, "Monas");
    await bridge.shareOrder(order);
    await bridge.contactSupport({ expressNumber: "PXB-9" });
    const outcome = await bridge.recordEvent("Pickup_Item_PaxelBox", { door: "A12" });

    expect(calls).toEqual([
      ["closeWebView", {}],
      ["copyToClipboard", { text: "PXB-9" }],
      ["openMapLink", { url: "https://maps.test/x" }],
      ["openMapLocation", { latitude: -6.1, longitude: 106.8, label: "Monas" }],
      ["shareOrder", order],
      ["contactSupport", { expressNumber: "PXB-9" }],
      ["recordEvent", { name: "Pickup_Item_PaxelBox", params: { door: "A12" } }],
    ]);
    expect(outcome).toMatchObject({ action: "recordEvent", via: "android", ok: true });
    expect(open).not.toHaveBeenCalled();
    expect(bridgeLog()).toHaveLength(7);
    // Copy confirms with the toast also through the app.
    expect(currentToast()?.messageKey).toBe("toast.copied");
  });

  it("posts { action, payload } to the iOS handler", async () => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { paxelbox: { postMessage } } };
    expect(detectBridge()).toBe("ios");
    const outcome = await bridge.contactSupport({ topic: "rent" });
    expect(postMessage).toHaveBeenCalledWith({ action: "contactSupport", payload: { topic: "rent" } });
    expect(outcome.via).toBe("ios");
  });

  it("falls back when the iOS reply handler refuses, and records the refusal as the browser's", async () => {
    const postMessage = vi.fn().mockRejectedValue(new Error("not handled"));
    window.webkit = { messageHandlers: { paxelbox: { postMessage } } };
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const outcome = await bridge.contactSupport({ topic: "rent" });
    expect(postMessage).toHaveBeenCalledOnce();
    expect(outcome).toMatchObject({ via: "browser", fallback: "open-link", ok: true });
    expect(open).toHaveBeenCalledWith("https://chat.test/", "_blank", "noopener,noreferrer");
    expect(bridgeLog()).toEqual([expect.objectContaining({ via: "browser" })]);
  });

  it("falls back when the Android method is missing or throws", async () => {
    window.PaxelBoxBridge = {
      recordEvent: () => {
        throw new Error("boom");
      },
    };
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    expect((await bridge.contactSupport()).via).toBe("browser");
    expect(open).toHaveBeenCalledWith("https://chat.test/", "_blank", "noopener,noreferrer");
    expect(await bridge.recordEvent("x")).toMatchObject({ via: "browser", fallback: "console" });
  });
});

describe("browser fallbacks", () => {
  it("close goes back in history, or home without history", async () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    window.history.pushState({}, "", "/debug");
    expect(await bridge.closeWebView()).toMatchObject({ via: "browser", fallback: "history-back" });
    expect(back).toHaveBeenCalled();

    vi.spyOn(window.history, "length", "get").mockReturnValue(1);
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    expect(await bridge.closeWebView()).toMatchObject({ fallback: "home" });
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("copy uses the Clipboard API and shows 'Berhasil disalin' for 3 s", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const outcome = await bridge.copyToClipboard("PXB-9");
    expect(writeText).toHaveBeenCalledWith("PXB-9");
    expect(outcome).toMatchObject({ via: "browser", fallback: "clipboard", ok: true });
    expect(currentToast()?.messageKey).toBe("toast.copied");
    vi.advanceTimersByTime(2999);
    expect(currentToast()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(currentToast()).toBeNull();
    vi.useRealTimers();
  });

  it("copy without the Clipboard API goes through a hidden text area", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: undefined });
    let copied = "";
    const execCommand = vi.fn(() => {
      copied = document.querySelector("textarea")?.value ?? "";
      return true;
    });
    Object.defineProperty(document, "execCommand", { value: execCommand, configurable: true });
    expect(await bridge.copyToClipboard("PXB-9")).toMatchObject({ fallback: "clipboard", ok: true });
    expect(execCommand).toHaveBeenCalledWith("copy");
    expect(copied).toBe("PXB-9");
    expect(document.querySelector("textarea")).toBeNull();
    expect(currentToast()?.messageKey).toBe("toast.copied");
  });

  it("share uses the Web Share API, else copies the order text", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, share });
    expect(await bridge.shareOrder(order)).toMatchObject({ fallback: "web-share", ok: true });
    expect(share.mock.calls[0]?.[0].text).toContain("PXB-9");

    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    expect(await bridge.shareOrder(order)).toMatchObject({ fallback: "clipboard", ok: true });
    expect(writeText.mock.calls[0]?.[0]).toContain("Jl. Medan Merdeka");
  });

  it("share cancelled by the person is not copied", async () => {
    const share = vi.fn().mockRejectedValue(new DOMException("cancel", "AbortError"));
    const writeText = vi.fn();
    vi.stubGlobal("navigator", { share, clipboard: { writeText } });
    expect(await bridge.shareOrder(order)).toMatchObject({ ok: false, detail: "cancelled" });
    expect(writeText).not.toHaveBeenCalled();
  });

  it("maps open the maps link; support opens the chatbot", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    await bridge.openMapLink("https://maps.test/place");
    await bridge.openMapLocation(-6.2, 106.8);
    await bridge.contactSupport();
    expect(open.mock.calls.map((call) => call[0])).toEqual([
      "https://maps.test/place",
      "https://maps.test/?q=-6.2,106.8",
      "https://chat.test/",
    ]);
  });

  it("a missing link is a failed fallback that opens nothing", async () => {
    setRuntimeConfig({ ...fallbackPublicConfig, chatbotUrl: "" });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    expect(await bridge.contactSupport()).toMatchObject({ fallback: "open-link", ok: false });
    expect(open).not.toHaveBeenCalled();
  });

  it("record event only logs, and a missing bridge is logged, never thrown", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error");
    expect(await bridge.recordEvent("Stop_Rent_PaxelBox", { cost: 5000 })).toMatchObject({
      via: "browser",
      fallback: "console",
      ok: true,
    });
    expect(info.mock.calls.some((call) => String(call[0]).includes("native bridge missing"))).toBe(true);
    expect(info.mock.calls.some((call) => String(call[0]).includes("Stop_Rent_PaxelBox"))).toBe(true);
    expect(error).not.toHaveBeenCalled();
  });

  it("fills the maps template", () => {
    expect(mapsSearchLink("https://m.test/?q={lat},{lng}", 1.5, -2)).toBe("https://m.test/?q=1.5,-2");
  });
});

describe("getLocation (optional bridge call)", () => {
  it("takes the Android answer, and asks the browser when the app has none", async () => {
    window.PaxelBoxBridge = { getLocation: () => JSON.stringify({ latitude: -6.2, longitude: 106.8 }) };
    expect(await getLocation()).toEqual({ latitude: -6.2, longitude: 106.8 });
    window.PaxelBoxBridge = { getLocation: () => JSON.stringify({ error: "denied" }) };
    expect(await getLocation()).toBe("denied");
    delete window.PaxelBoxBridge;
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: -6.3, longitude: 106.7 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    expect(await getLocation()).toEqual({ latitude: -6.3, longitude: 106.7 });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
  });

  it("takes the iOS reply handler's answer", async () => {
    const postMessage = vi.fn(async () => ({ latitude: -6.1, longitude: 106.9 }));
    window.webkit = { messageHandlers: { paxelbox: { postMessage } } };
    expect(await getLocation()).toEqual({ latitude: -6.1, longitude: 106.9 });
    expect(postMessage).toHaveBeenCalledWith({ action: "getLocation", payload: {} });
  });
});

describe("an app that holds its reply", () => {
  afterEach(() => vi.useRealTimers());

  it(`gives up on it after ${nativeAnswerMs / 1000} s: the location asks the browser, a call is left to the app`, async () => {
    vi.useFakeTimers();
    const postMessage = vi.fn(() => new Promise(() => undefined));
    window.webkit = { messageHandlers: { paxelbox: { postMessage } } };
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: -6.4, longitude: 106.6 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    const location = getLocation();
    await vi.advanceTimersByTimeAsync(nativeAnswerMs - 100);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(await location).toEqual({ latitude: -6.4, longitude: 106.6 });

    // A share left open in the app is not shared a second time by the browser.
    const share = vi.fn();
    vi.stubGlobal("navigator", { ...navigator, share });
    const shared = bridge.shareOrder(order);
    await vi.advanceTimersByTimeAsync(nativeAnswerMs + 100);
    expect(await shared).toMatchObject({ via: "ios", ok: false, detail: "no answer" });
    expect(share).not.toHaveBeenCalled();
  });

  it("records an iOS refusal of the brightness without an unhandled rejection", async () => {
    const refused = vi.fn(() => Promise.reject(new Error("unknown action")));
    window.webkit = { messageHandlers: { paxelbox: { postMessage: refused } } };
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    expect(setScreenBrightness("max")).toMatchObject({ via: "ios" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(console.info).toHaveBeenCalledWith(
      "[bridge] native setScreenBrightness failed",
      expect.any(Error),
    );
  });
});

describe("setScreenBrightness (optional bridge call)", () => {
  it("asks the Android or iOS app, and does nothing without the call", () => {
    const android = vi.fn();
    window.PaxelBoxBridge = { setScreenBrightness: android };
    expect(setScreenBrightness("max")).toMatchObject({ via: "android", ok: true, detail: "max" });
    expect(android).toHaveBeenCalledWith(JSON.stringify({ level: "max" }));

    delete window.PaxelBoxBridge;
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { paxelbox: { postMessage } } };
    expect(setScreenBrightness("default")).toMatchObject({ via: "ios", detail: "default" });
    expect(postMessage).toHaveBeenCalledWith({
      action: "setScreenBrightness",
      payload: { level: "default" },
    });

    delete window.webkit;
    window.PaxelBoxBridge = { recordEvent: vi.fn() };
    expect(setScreenBrightness("max")).toBeNull();
  });
});

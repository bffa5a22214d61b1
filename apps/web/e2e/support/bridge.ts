import { expect } from "@playwright/test";
import type { BrowserContext, Page } from "playwright-core";

/** Every call the web view can make of the native app, in the debug page's order. */
export const bridgeActions = [
  "closeWebView",
  "copyToClipboard",
  "openMapLink",
  "openMapLocation",
  "shareOrder",
  "contactSupport",
  "recordEvent",
] as const;

export interface BridgeCall {
  action: string;
  payload: { name?: string; params?: Record<string, unknown> } & Record<string, unknown>;
}

/**
 * A stand-in native bridge (Android's `PaxelBoxBridge`, or iOS's `webkit.messageHandlers.paxelbox`)
 * in every page of the context; it records each call for `bridgeCalls`.
 */
export async function stubBridge(
  context: BrowserContext,
  kind: "android" | "ios" = "android",
  actions: readonly string[] = bridgeActions,
): Promise<void> {
  await context.addInitScript(
    ({ kind, actions }: { kind: "android" | "ios"; actions: readonly string[] }) => {
      const calls: { action: string; payload: unknown }[] = [];
      const w = window as unknown as { __bridgeCalls: typeof calls; PaxelBoxBridge: object; webkit: object };
      w.__bridgeCalls = calls;
      if (kind === "android") {
        w.PaxelBoxBridge = Object.fromEntries(
          actions.map((action) => [
            action,
            (json: string) => calls.push({ action, payload: JSON.parse(json) }),
          ]),
        );
      } else {
        w.webkit = {
          messageHandlers: {
            paxelbox: {
              postMessage: (message: { action: string; payload: unknown }) => calls.push(message),
            },
          },
        };
      }
    },
    { kind, actions },
  );
}

/** Everything the stub bridge received in this page (the bridge lives per document). */
export const bridgeCalls = (page: Page): Promise<BridgeCall[]> =>
  page.evaluate(() => (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls);

/** Waits until the page has asked the stub bridge for `action` (retrying, as page assertions do). */
export const expectBridgeCall = (page: Page, action: string) =>
  expect.poll(async () => (await bridgeCalls(page)).map((call) => call.action)).toContain(action);

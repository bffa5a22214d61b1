import type { PublicConfig } from "./public-config";

/**
 * The public configuration in the browser, set once by the root component from the root
 * loader's data. Lets non-React modules (api client, bridge) read base URLs without a hook.
 * On the server nothing is set: server code passes configuration explicitly.
 */

let config: PublicConfig | undefined;

export function setRuntimeConfig(next: PublicConfig): void {
  if (typeof window === "undefined") return;
  config = next;
}

export function getRuntimeConfig(): PublicConfig | undefined {
  return config;
}

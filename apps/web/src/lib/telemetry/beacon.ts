import { getRuntimeConfig } from "../../config/runtime-config";

/**
 * The api client's other door, for what a page sends while it is hidden or left (Web Vitals):
 * a JSON body, no answer awaited. Apart from `api-client.ts` so that the pages that load the api
 * client do not carry it. Same origin: `navigator.sendBeacon` with a JSON Blob (the API refuses
 * text/plain). An API on another origin (`API_BASE_URL`): a `keepalive` fetch without credentials,
 * which CORS allows (a beacon always sends credentials, which the API's CORS does not). False when
 * nothing was queued.
 */
export function sendBeacon(path: string, body: unknown): boolean {
  const url = `${getRuntimeConfig()?.apiBaseUrl ?? ""}${path}`;
  const json = JSON.stringify(body);
  try {
    if (new URL(url, location.href).origin === location.origin) {
      return navigator.sendBeacon(url, new Blob([json], { type: "application/json" }));
    }
    fetch(url, {
      method: "POST",
      body: json,
      headers: { "content-type": "application/json" },
      keepalive: true,
      credentials: "omit",
    }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

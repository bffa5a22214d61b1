import type { ComponentType } from "react";
import type { TKey } from "../../lib/i18n/i18n";

/**
 * Which chrome a route gets (spec §2 layout rules), declared by the route's `handle`:
 *
 * - `public`: marketing header and footer.
 * - `webview`: 56 px back-navigation bar (optional title), content in the 460 px frame; no main
 *   header or footer. Used by overdue, order, order-status and debug.
 * - `bare`: the 460 px frame without any header or footer (overdue results, order-status-action,
 *   whose action page draws its own bar).
 * - `none`: nothing around the page (the not-found page draws its own).
 */
export type LayoutKind = "public" | "webview" | "bare" | "none";

/** Header title: a fixed key, or one chosen from the query (e.g. order-status?status=overdue). */
export type TitleSource = TKey | ((search: URLSearchParams) => TKey | undefined);

/**
 * The public layout's header and footer. A route in that layout brings them in its handle
 * (`publicHandle`), so they load with the marketing pages' code and not with the shell, which the
 * web-view screens load too (ADR 022).
 */
export interface PublicChrome {
  Header: ComponentType;
  Footer: ComponentType;
}

export type RouteHandle =
  | { layout: "public"; chrome: PublicChrome; titleKey?: undefined }
  | { layout: Exclude<LayoutKind, "public">; titleKey?: TitleSource };

export interface LayoutSelection {
  layout: LayoutKind;
  titleKey: TKey | undefined;
  /** The public layout's header and footer; none when no route declares the layout. */
  chrome?: PublicChrome;
}

export const defaultLayout: LayoutKind = "public";

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === "object" && handle !== null && "layout" in handle;
}

/** The deepest matched route that declares a layout wins; without any, the public layout. */
export function selectLayout(
  matches: readonly { handle?: unknown }[],
  search: URLSearchParams,
): LayoutSelection {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (!isRouteHandle(handle)) continue;
    if (handle.layout === "public") return { layout: "public", titleKey: undefined, chrome: handle.chrome };
    const source = handle.titleKey;
    const titleKey = typeof source === "function" ? source(search) : source;
    return { layout: handle.layout, titleKey };
  }
  return { layout: defaultLayout, titleKey: undefined };
}

/** Typed helper for route modules: `export const handle = routeHandle({ layout: "webview" })`. */
export function routeHandle(handle: RouteHandle): RouteHandle {
  return handle;
}

import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isWebViewPath, measuredPages, pageAt, pages } from "./pages";
import routes from "./routes";

/** Every route of `routes.ts` with its full path. */
function flatten(entries: RouteConfigEntry[], parent = ""): { id?: string; path: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path?.startsWith("/")
      ? entry.path
      : entry.path
        ? `${parent.replace(/\/$/, "")}/${entry.path}`
        : parent || "/";
    return [{ id: entry.id, path }, ...flatten(entry.children ?? [], path)];
  });
}

describe("the route registry", () => {
  const registered = flatten(routes);

  it.for(pages.map((page) => [page.id, page] as const))(
    "%s is a route of routes.ts at the registry's path",
    ([id, page]) => {
      expect(registered.find((route) => route.id === id)?.path).toBe(page.path);
    },
  );

  it("finds a page by its path, with or without a trailing slash, and nothing else", () => {
    expect(pageAt("/order")?.id).toBe("order");
    expect(pageAt("/order-status/action/")?.id).toBe("order-status-action");
    expect(pageAt("/orders")).toBeUndefined();
    expect(isWebViewPath("/overduepayment/expire")).toBe(true);
    expect(isWebViewPath("/package")).toBe(false);
    expect(isWebViewPath("/services")).toBe(false);
  });

  it("measures the seven pages of the audit, each opened by a path or a scenario", () => {
    expect(measuredPages.map((page) => page.name)).toEqual([
      "/",
      "/services",
      "/guest-book",
      "/package",
      "/order",
      "/order-status",
      "/overduepayment",
    ]);
  });
});

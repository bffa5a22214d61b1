import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { paths } from "./paths";

/** The route of `routes/<file>.tsx` at a path of `paths`; its id is the file's name unless given. */
function page(path: { pattern: string }, file: string, id = file, children?: RouteConfigEntry[]) {
  return route(path.pattern, `routes/${file}.tsx`, { id }, children);
}

/** Spec §2 route table. Route ids are the spec's route names where it gives one. */
export default [
  index("routes/home.tsx", { id: "index" }),
  page(paths.services, "services"),
  page(paths.package, "package"),
  page(paths.order, "order"),
  page(paths.shortLink, "short-link"),
  page(paths.locker, "locker"),
  page(paths.paxelbox, "paxelbox"),
  page(paths.debug, "debug"),
  page(paths.demoInbox, "demo-inbox"),
  // Flows: a layout route, its first step (index) and the steps after it.
  page(paths.guestBook, "guest-book", "guest-book", [
    index("routes/guest-book-form.tsx", { id: "guest-book-form" }),
    page(paths.guestBook.submitted, "guest-book-submitted"),
  ]),
  page(paths.overdue, "overdue", "overdue-flow", [
    index("routes/overdue-payment.tsx", { id: "overdue" }),
    page(paths.overdue.success, "overdue-success"),
    page(paths.overdue.expire, "overdue-expire"),
    page(paths.overdue.successPayment, "overdue-success-payment"),
  ]),
  page(paths.orderStatus, "order-status", "order-status-flow", [
    index("routes/order-status-page.tsx", { id: "order-status" }),
    page(paths.orderStatus.action, "order-status-action"),
  ]),
  route(paths.webManifest.pattern, "routes/web-manifest.ts", { id: "web-manifest" }),
  route(paths.robots.pattern, "routes/robots.ts", { id: "robots" }),
  route(paths.sitemap.pattern, "routes/sitemap.ts", { id: "sitemap" }),
  route(paths.language.pattern, "routes/language.ts", { id: "language" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;

import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { paths } from "./paths";

/** Spec §2 route table. Route ids are the spec's route names where it gives one. */
export default [
  index("routes/home.tsx", { id: "index" }),
  route(paths.services.pattern, "routes/services.tsx", { id: "services" }),
  route(paths.package.pattern, "routes/package.tsx", { id: "package" }),
  route(paths.order.pattern, "routes/order.tsx", { id: "order" }),
  route(paths.guestBook.pattern, "routes/guest-book.tsx", { id: "guest-book" }, [
    index("routes/guest-book-form.tsx", { id: "guest-book-form" }),
    route(paths.guestBook.submitted.pattern, "routes/guest-book-submitted.tsx", {
      id: "guest-book-submitted",
    }),
  ]),
  route(paths.shortLink.pattern, "routes/short-link.tsx", { id: "short-link" }),
  route(paths.locker.pattern, "routes/locker.tsx", { id: "locker" }),
  route(paths.paxelbox.pattern, "routes/paxelbox.tsx", { id: "paxelbox" }),
  route(paths.overdue.pattern, "routes/overdue.tsx", { id: "overdue-flow" }, [
    index("routes/overdue-payment.tsx", { id: "overdue" }),
    route(paths.overdue.success.pattern, "routes/overdue-success.tsx", { id: "overdue-success" }),
    route(paths.overdue.expire.pattern, "routes/overdue-expire.tsx", { id: "overdue-expire" }),
    route(paths.overdue.successPayment.pattern, "routes/overdue-success-payment.tsx", {
      id: "overdue-success-payment",
    }),
  ]),
  route(paths.orderStatus.pattern, "routes/order-status.tsx", { id: "order-status-flow" }, [
    index("routes/order-status-page.tsx", { id: "order-status" }),
    route(paths.orderStatus.action.pattern, "routes/order-status-action.tsx", {
      id: "order-status-action",
    }),
  ]),
  route(paths.debug.pattern, "routes/debug.tsx", { id: "debug" }),
  route(paths.webManifest.pattern, "routes/web-manifest.ts", { id: "web-manifest" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;

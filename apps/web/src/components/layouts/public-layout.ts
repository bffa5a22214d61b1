import "../../lib/i18n/messages/chrome";
import { PublicFooter } from "../public-footer";
import { PublicHeader } from "../public-header";
import { routeHandle } from "./layout-handle";

/**
 * The `handle` of a route in the public layout (marketing header and footer). The header and footer
 * come with the route's code rather than the shell's: the web-view screens, which never show them,
 * do not load them (ADR 022).
 */
export const publicHandle = routeHandle({
  layout: "public",
  chrome: { Header: PublicHeader, Footer: PublicFooter },
});

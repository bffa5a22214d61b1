import { data } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { NotFoundContent } from "../components/not-found-content";

export const handle = routeHandle({ layout: "none" });

/** Every unknown path: the not-found page with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFoundContent />;
}

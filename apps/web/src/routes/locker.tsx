import { redirect } from "react-router";
import { getServerConfig } from "../config/config.server";
import type { Route } from "./+types/locker";

/** `/locker`: the browser goes to the kiosk site (KIOSK_SITE_URL). */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(getServerConfig(context).kioskSiteUrl, 302);
}

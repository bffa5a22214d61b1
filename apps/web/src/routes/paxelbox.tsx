import { redirect } from "react-router";
import { getServerConfig } from "../config/config.server";
import type { Route } from "./+types/paxelbox";

/** `/paxelbox`: the browser goes to the locker site (LOCKER_SITE_URL). */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(getServerConfig(context).lockerSiteUrl, 302);
}

import { redirect } from "react-router";
import { getServerConfig } from "../config/config.server";

/** `/paxelbox`: the browser goes to the locker site (LOCKER_SITE_URL). */
export function loader() {
  return redirect(getServerConfig().lockerSiteUrl, 302);
}

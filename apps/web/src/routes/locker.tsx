import { redirect } from "react-router";
import { getServerConfig } from "../config/config.server";

/** `/locker`: the browser goes to the kiosk site (KIOSK_SITE_URL). */
export function loader() {
  return redirect(getServerConfig().kioskSiteUrl, 302);
}

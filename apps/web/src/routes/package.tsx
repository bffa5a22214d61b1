import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "public" });

/** Drop-off package form, titled Data Package (`/package?boxId=&name=`). Placeholder: a later issue builds the screen. */
export default function PackageRoute() {
  return <PlaceholderScreen titleKey="screens.package.title" lineKey="screens.package.line" />;
}

import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "public" });

/** Services page (`/services`, anchors `#{slug}`). Placeholder: a later issue builds the screen. */
export default function ServicesRoute() {
  return <PlaceholderScreen titleKey="screens.services.title" lineKey="screens.services.line" />;
}

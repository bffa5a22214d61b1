import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "public" });

/** Short-link resolver (`/o/:code`). Placeholder: a later issue builds the screen. */
export default function ShortLinkRoute() {
  return <PlaceholderScreen titleKey="screens.shortLink.title" lineKey="screens.shortLink.line" />;
}

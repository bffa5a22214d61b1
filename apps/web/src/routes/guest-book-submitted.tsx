import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "public" });

/** Guest-book confirmation (named route `guest-book-submitted`). Placeholder: a later issue builds the screen. */
export default function GuestBookSubmittedRoute() {
  return (
    <PlaceholderScreen
      titleKey="screens.guestBookSubmitted.title"
      lineKey="screens.guestBookSubmitted.line"
    />
  );
}

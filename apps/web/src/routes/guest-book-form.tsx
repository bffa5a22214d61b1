import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "public" });

/** Guest-book form (named route `guest-book-form`, query `business_type`). Placeholder: a later issue builds the screen. */
export default function GuestBookFormRoute() {
  return <PlaceholderScreen titleKey="screens.guestBookForm.title" lineKey="screens.guestBookForm.line" />;
}

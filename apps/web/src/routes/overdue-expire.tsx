import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "bare" });

/** Link expired, 'Link Kadaluwarsa' (named route `overdue-expire`). Placeholder: a later issue builds the screen. */
export default function OverdueExpireRoute() {
  return (
    <PlaceholderScreen
      kind="card"
      titleKey="screens.overdueExpire.title"
      lineKey="screens.overdueExpire.line"
    />
  );
}

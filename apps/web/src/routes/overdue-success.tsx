import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "bare" });

/** Parcel already taken (named route `overdue-success`). Placeholder: a later issue builds the screen. */
export default function OverdueSuccessRoute() {
  return (
    <PlaceholderScreen
      kind="card"
      titleKey="screens.overdueSuccess.title"
      lineKey="screens.overdueSuccess.line"
    />
  );
}

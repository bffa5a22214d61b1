import "../lib/i18n/messages/drop-off-overdue";
import { routeHandle } from "../components/layouts/layout-handle";
import { OverdueResult } from "../features/overdue/components/overdue-result";

export const handle = routeHandle({ layout: "bare" });

/** Parcel already taken (named route `overdue-success`). */
export default function OverdueSuccessRoute() {
  return <OverdueResult kind="taken" />;
}

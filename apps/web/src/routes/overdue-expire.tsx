import "../lib/i18n/messages/drop-off-overdue";
import { routeHandle } from "../components/layouts/layout-handle";
import { OverdueResult } from "../features/overdue/components/overdue-result";

export const handle = routeHandle({ layout: "bare" });

/** The overdue link expired, 'Link Kadaluwarsa' (named route `overdue-expire`). */
export default function OverdueExpireRoute() {
  return <OverdueResult kind="expired" />;
}

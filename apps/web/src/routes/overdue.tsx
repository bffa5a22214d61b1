import { Outlet } from "react-router";

/** `/overduepayment`: the overdue flow; each child declares its own layout. */
export default function OverdueFlowRoute() {
  return <Outlet />;
}

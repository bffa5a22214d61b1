import { Outlet } from "react-router";
import { QueryProvider } from "../components/query-provider";

/** `/overduepayment`: the overdue flow; each child declares its own layout. */
export default function OverdueFlowRoute() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

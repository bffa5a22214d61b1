import { Outlet } from "react-router";
import { QueryProvider } from "../components/query-provider";
import { RequireUser } from "../components/require-user";

/** `/order-status`: both rent-status pages need the member's token validated first. */
export default function OrderStatusFlowRoute() {
  return (
    <QueryProvider>
      <RequireUser>
        <Outlet />
      </RequireUser>
    </QueryProvider>
  );
}

import { Outlet } from "react-router";
import { RequireUser } from "../components/require-user";

/** `/order-status`: both rent-status pages need the member's token validated first. */
export default function OrderStatusFlowRoute() {
  return (
    <RequireUser>
      <Outlet />
    </RequireUser>
  );
}

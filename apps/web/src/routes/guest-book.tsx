import { Outlet } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import styles from "./guest-book.module.css";

export const handle = routeHandle({ layout: "public" });

/** `/guest-book`: the form (index child) and its `submitted` child. */
export default function GuestBookRoute() {
  return (
    <div className={`page-width ${styles.page}`}>
      <Outlet />
    </div>
  );
}

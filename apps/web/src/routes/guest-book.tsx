import { Outlet } from "react-router";
import { publicHandle } from "../components/layouts/public-layout";
import styles from "./guest-book.module.css";

export const handle = publicHandle;

/** `/guest-book`: the form (index child) and its `submitted` child. */
export default function GuestBookRoute() {
  return (
    <div className={`page-width ${styles.page}`}>
      <Outlet />
    </div>
  );
}

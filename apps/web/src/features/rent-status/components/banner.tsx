import type { ReactNode } from "react";
import { AlertIcon, CheckCircleIcon } from "../../../components/icons";
import styles from "./rent-status.module.css";

/** A one-line result or warning (payment return, cancelling at zero). */
export function Banner({
  tone,
  children,
  testId,
}: {
  tone: "success" | "danger" | "info";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={styles.banner}
      data-tone={tone}
      role={tone === "danger" ? "alert" : "status"}
      data-testid={testId}
    >
      {tone === "success" ? <CheckCircleIcon size={20} /> : <AlertIcon size={20} />}
      <p>{children}</p>
    </div>
  );
}

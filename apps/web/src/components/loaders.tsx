import type { CSSProperties } from "react";
import { useT } from "../lib/i18n/i18n";
import styles from "./loaders.module.css";
import { PageTitle } from "./page-title";
import { Card, cardStyles } from "./ui/card";

/** A grey block shaped like the content it stands for. */
export function Skeleton({
  width = "100%",
  height = 16,
  radius,
  className,
}: {
  width?: string | number;
  height?: string | number;
  radius?: number;
  className?: string;
}) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return (
    <span
      className={[styles.skeleton, className].filter(Boolean).join(" ")}
      style={style}
      aria-hidden="true"
    />
  );
}

/** Lines of text. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span className={`stack ${styles.lines}`} aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? "60%" : "100%"} />
      ))}
    </span>
  );
}

/** A card of skeleton content (web-view screens while their data loads). */
export function SkeletonCard({ lines = 3 }: { lines?: number }) {
  return (
    <Card className={cardStyles.roomy}>
      <Skeleton width="45%" height={20} />
      <SkeletonText lines={lines} />
    </Card>
  );
}

/** Screen-level loading state: announced once, drawn as cards. */
export function ScreenSkeleton({ cards = 2 }: { cards?: number }) {
  const { t } = useT();
  return (
    <div className={`stack ${styles.screen}`} role="status" aria-busy="true" data-testid="screen-skeleton">
      {/* The document's title until the screen has its own (a server's page sent while loading). */}
      <PageTitle title={t("common.loading")} />
      <span className="visually-hidden">{t("common.loading")}</span>
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cards
        <SkeletonCard key={index} lines={index === 0 ? 2 : 4} />
      ))}
    </div>
  );
}

export function Spinner({ size = 32, label }: { size?: number; label?: string }) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={label ? "status" : undefined}
    >
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

/** Full-screen overlay that blocks input while something is sent (the guest-book send). */
export function LoadingOverlay({ show, label }: { show: boolean; label?: string }) {
  const { t } = useT();
  if (!show) return null;
  return (
    <div className={styles.overlay} role="alert" aria-busy="true" data-testid="loading-overlay">
      <div className={`stack ${styles.overlayPanel}`}>
        <Spinner size={40} />
        <p>{label ?? t("common.loading")}</p>
      </div>
    </div>
  );
}

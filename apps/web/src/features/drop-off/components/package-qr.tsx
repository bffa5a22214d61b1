import { type Ref, useId } from "react";
import { DoorSizeLabel } from "../../../components/door-size-label";
import { Spinner } from "../../../components/loaders";
import { useT } from "../../../lib/i18n";
import type { PackageQrState } from "../hooks/use-package-qr";
import styles from "./package-qr.module.css";

interface PackageQrProps {
  state: PackageQrState;
  lockerName: string;
  ref?: Ref<HTMLElement>;
}

/** Right column of the form: the QR while it is generated and once it is ready (spec §2, §4). */
export function PackageQr({ state, lockerName, ref }: PackageQrProps) {
  const { t } = useT();
  const headingId = useId();
  return (
    <section
      ref={ref}
      className={styles.panel}
      data-state={state.status}
      aria-labelledby={headingId}
      data-testid="package-qr"
      tabIndex={-1}
    >
      <div aria-live="polite" className={styles.live}>
        {state.status === "idle" ? (
          <div className={styles.idle}>
            <span className={styles.idleIcon} aria-hidden="true">
              <svg
                width="40"
                height="40"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                aria-hidden="true"
                focusable="false"
              >
                <rect x="3" y="3" width="7" height="7" rx="1" />
                <rect x="14" y="3" width="7" height="7" rx="1" />
                <rect x="3" y="14" width="7" height="7" rx="1" />
                <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
              </svg>
            </span>
            <h2 id={headingId} className={styles.heading}>
              {t("dropOff.package.qr.idleTitle")}
            </h2>
            <p className={styles.muted}>{t("dropOff.package.qr.idleLine")}</p>
          </div>
        ) : state.status === "generating" ? (
          <div className={styles.generating} data-testid="package-qr-generating">
            <Spinner size={48} />
            <h2 id={headingId} className={styles.heading}>
              {t("dropOff.package.qr.generating")}
            </h2>
          </div>
        ) : (
          <div className={styles.generated}>
            <h2 id={headingId} className={styles.heading}>
              {t("dropOff.package.qr.ready")}
            </h2>
            <div className={styles.card}>
              <img
                src={state.image}
                width={300}
                height={300}
                alt={t("dropOff.package.qr.label", { location: lockerName })}
                className={styles.qr}
                data-testid="package-qr-image"
              />
            </div>
            <p className={styles.instruction}>{t("dropOff.package.qr.instruction")}</p>
            <dl className={styles.facts}>
              <div>
                <dt>{t("dropOff.package.qr.location")}</dt>
                <dd>{lockerName}</dd>
              </div>
              <div>
                <dt>{t("dropOff.package.qr.size")}</dt>
                <dd>
                  {state.size} · <DoorSizeLabel size={state.size} />
                </dd>
              </div>
            </dl>
            <p className={styles.muted}>{t("dropOff.package.qr.validity")}</p>
          </div>
        )}
      </div>
    </section>
  );
}

import { type Ref, useId } from "react";
import { useLocation } from "react-router";
import { ButtonLink } from "../../../components/button";
import { Icon } from "../../../components/icons";
import { Spinner } from "../../../components/loaders";
import { cardStyles, QrImage } from "../../../components/ui/card";
import { DoorSizeLabel } from "../../../domain/order/door-size-label";
import { useT } from "../../../lib/i18n/i18n";
import type { PackageQrState } from "../hooks/use-package-qr";
import styles from "./package-qr.module.css";
import actions from "./package-qr-actions.module.css";

interface PackageQrProps {
  state: PackageQrState;
  lockerName: string;
  /** The page arrived with the QR (the form was posted without the page's scripts): focus it. */
  focusOnArrival?: boolean;
  ref?: Ref<HTMLElement>;
}

/**
 * Right column of the form: the QR while it is generated and once it is ready (spec §2, §4).
 * A generated QR is final (a second send would register a second drop-off); "New package" under it
 * — where the sender looks after scanning, on phones the end of the page — opens the form again,
 * empty, for the next parcel: a link to the form's own address, so it works without the page's
 * scripts too. The spec has no text for it; the wording is ours.
 */
export function PackageQr({ state, lockerName, focusOnArrival, ref }: PackageQrProps) {
  const { t } = useT();
  const headingId = useId();
  const { pathname, search } = useLocation();
  return (
    <section
      ref={ref}
      className={`panel ${styles.panel}`}
      data-state={state.status}
      aria-labelledby={headingId}
      data-testid="package-qr"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the QR the courier posted the form for, on a page of its own
      autoFocus={focusOnArrival}
    >
      {/* Said as it starts; the QR made is read as the focus moves to this panel (named by its
          heading), so it is not said a second time. */}
      <p role="status" className="visually-hidden">
        {state.status === "generating" ? t("dropOff.package.qr.generating") : ""}
      </p>
      {state.status === "idle" ? (
        <div className={`stack ${styles.idle}`}>
          <span className={`circle ${styles.idleIcon}`} aria-hidden="true">
            <Icon size={40} strokeWidth={1.6}>
              <rect x="3" y="3" width="7" height="7" rx="1" />
              <rect x="14" y="3" width="7" height="7" rx="1" />
              <rect x="3" y="14" width="7" height="7" rx="1" />
              <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
            </Icon>
          </span>
          <h2 id={headingId} className={styles.heading}>
            {t("dropOff.package.qr.idleTitle")}
          </h2>
          <p className={cardStyles.muted}>{t("dropOff.package.qr.idleLine")}</p>
        </div>
      ) : state.status === "generating" ? (
        <div className={`stack ${styles.generating}`} data-testid="package-qr-generating">
          <Spinner size={48} />
          <h2 id={headingId} className={styles.heading}>
            {t("dropOff.package.qr.generating")}
          </h2>
        </div>
      ) : (
        <div className={`stack ${styles.generated}`}>
          <h2 id={headingId} className={styles.heading}>
            {t("dropOff.package.qr.ready")}
          </h2>
          <QrImage
            src={state.image}
            alt={t("dropOff.package.qr.label", { location: lockerName })}
            testId="package-qr-image"
          />
          <p className={styles.instruction}>{t("dropOff.package.qr.instruction")}</p>
          <dl className={styles.facts}>
            <div>
              <dt className="caption">{t("dropOff.package.qr.location")}</dt>
              <dd>{lockerName}</dd>
            </div>
            <div>
              <dt className="caption">{t("dropOff.package.qr.size")}</dt>
              <dd>
                {state.size} · <DoorSizeLabel size={state.size} />
              </dd>
            </div>
          </dl>
          <p className={cardStyles.muted}>{t("dropOff.package.qr.validity")}</p>
        </div>
      )}
      {state.status === "generated" ? (
        <ButtonLink
          block
          className={actions.newPackage}
          to={`${pathname}${search}`}
          data-testid="package-new"
        >
          <Icon size={20}>
            <path d="M12 5v14M5 12h14" />
          </Icon>
          {t("dropOff.package.newPackage")}
        </ButtonLink>
      ) : null}
    </section>
  );
}

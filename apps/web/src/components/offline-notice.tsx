import { useFormatDateTime } from "../hooks/use-hydration";
import { useT } from "../lib/i18n/i18n";
import { SignalOffIcon } from "./icons";
import styles from "./offline-notice.module.css";

/**
 * Says plainly that the page has no connection and how old its data is. A polite status: read
 * once when it appears, not on every poll.
 */
export function OfflineNotice({
  updatedAt,
  hasData = true,
}: {
  updatedAt: number | null;
  hasData?: boolean;
}) {
  const { t } = useT();
  const formatTime = useFormatDateTime();
  return (
    <div className={styles.notice} role="status" data-testid="offline-notice">
      <SignalOffIcon size={20} className={styles.icon} />
      <div>
        <p className={styles.title}>{t("offline.title")}</p>
        {hasData && updatedAt ? (
          <p className={styles.line} data-testid="offline-updated-at">
            {t("offline.updatedAt", { time: formatTime(updatedAt) })}
          </p>
        ) : null}
        <p className={styles.line}>{hasData ? t("offline.resumes") : t("offline.noCopy")}</p>
      </div>
    </div>
  );
}

/** Under a QR, while online: the code works without signal if the page is opened first. */
export function OfflineQrHint() {
  const { t } = useT();
  return (
    <p className={styles.hint} data-testid="offline-qr-hint">
      <SignalOffIcon size={18} />
      <span>{t("offline.qrHint")}</span>
    </p>
  );
}

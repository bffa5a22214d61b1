import { useFormatDateTime } from "../hooks/use-hydration";
import { useT } from "../lib/i18n/i18n";
import { useOnline } from "../lib/offline/offline-cache";
import { SignalOffIcon } from "./icons";
import styles from "./offline-notice.module.css";

/**
 * Says plainly that the page has no connection and how old its data is: no signal on the device, or
 * a device online whose server cannot be reached or answers "not now" (a restart, a brief outage).
 * A polite status: read once when it appears, not on every poll.
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
  const online = useOnline();
  return (
    <div className={styles.notice} role="status" data-testid="offline-notice" data-online={online}>
      <SignalOffIcon size={20} className={styles.icon} />
      <div>
        <p className={styles.title}>{t(online ? "offline.unreachableTitle" : "offline.title")}</p>
        {hasData && updatedAt ? (
          <p className={styles.line} data-testid="offline-updated-at">
            {t("offline.updatedAt", { time: formatTime(updatedAt) })}
          </p>
        ) : null}
        <p className={styles.line}>
          {online
            ? t(hasData ? "offline.unreachableResumes" : "offline.unreachableNoCopy")
            : t(hasData ? "offline.resumes" : "offline.noCopy")}
        </p>
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

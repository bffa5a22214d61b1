import { useConfig } from "../config/use-config";
import { useT } from "../lib/i18n";
import styles from "./store-badges.module.css";

/** Download buttons for the two app stores (our own drawing, not the stores' badges). */
export function StoreBadges({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { t } = useT();
  const config = useConfig();
  return (
    <ul className={styles.badges} data-tone={tone}>
      {config.playStoreUrl ? (
        <li>
          <a className={styles.badge} href={config.playStoreUrl} target="_blank" rel="noopener noreferrer">
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M5 3.5v17l14-8.5z" fill="currentColor" />
            </svg>
            <span className={styles.text}>
              <small>{t("stores.playSmall")}</small>
              <strong>{t("stores.play")}</strong>
            </span>
            <span className="visually-hidden">{t("footer.newTab")}</span>
          </a>
        </li>
      ) : null}
      {config.appStoreUrl ? (
        <li>
          <a className={styles.badge} href={config.appStoreUrl} target="_blank" rel="noopener noreferrer">
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <rect
                x="6"
                y="2.5"
                width="12"
                height="19"
                rx="2.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
              <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className={styles.text}>
              <small>{t("stores.appSmall")}</small>
              <strong>{t("stores.app")}</strong>
            </span>
            <span className="visually-hidden">{t("footer.newTab")}</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}

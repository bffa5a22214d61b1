import { useConfig } from "../config/use-config";
import { useT } from "../lib/i18n/i18n";
import { BridgeIcon, Icon } from "./icons";
import styles from "./store-badges.module.css";

/** Download buttons for the two app stores (our own drawing, not the stores' badges). */
export function StoreBadges({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const { t } = useT();
  const config = useConfig();
  const stores = [
    {
      url: config.playStoreUrl,
      icon: (
        <Icon className={styles.icon} fill="currentColor" stroke="none">
          <path d="M5 3.5v17l14-8.5z" />
        </Icon>
      ),
      small: t("stores.playSmall"),
      name: t("stores.play"),
    },
    {
      url: config.appStoreUrl,
      icon: <BridgeIcon className={styles.icon} />,
      small: t("stores.appSmall"),
      name: t("stores.app"),
    },
  ];
  return (
    <ul className={`cluster plain-list ${styles.badges}`} data-tone={tone}>
      {stores.map((store) =>
        store.url ? (
          <li key={store.name}>
            <a className={styles.badge} href={store.url} target="_blank" rel="noopener noreferrer">
              {store.icon}
              <span className={styles.text}>
                <small>{store.small}</small>
                <strong>{store.name}</strong>
              </span>
              <span className="visually-hidden">{t("common.newTab")}</span>
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}

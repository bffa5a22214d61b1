import type { DownloadButton } from "@paxelbox/contract";
import { useT } from "../../../lib/i18n/i18n";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { imageSizes } from "../lib/media";
import styles from "./download-buttons.module.css";

/** App-store buttons of a banner or service (`download_button`): the store's link with its icon. */
export function DownloadButtons({ buttons }: { buttons: DownloadButton }) {
  const { t } = useT();
  const [width, height] = imageSizes.storeBadge;
  const stores = [
    {
      key: "play",
      url: buttons.play_store_url,
      icon: buttons.play_store_icon,
      label: t("marketing.download.playStore"),
    },
    {
      key: "app",
      url: buttons.app_store_url,
      icon: buttons.app_store_icon,
      label: t("marketing.download.appStore"),
    },
  ].filter((store) => isSafeUrl(store.url));
  if (stores.length === 0) return null;
  return (
    <ul className="cluster plain-list" aria-label={t("marketing.download.label")}>
      {stores.map((store) => (
        <li key={store.key}>
          <a className={styles.link} href={store.url} target="_blank" rel="noopener noreferrer">
            {isSafeUrl(store.icon) ? (
              <img src={store.icon} alt={store.label} width={width} height={height} loading="lazy" />
            ) : (
              <span className={styles.text}>{store.label}</span>
            )}
            <span className="visually-hidden">{t("common.newTab")}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

import { ButtonLink } from "../../../components/button";
import { AlertIcon, HomeIcon } from "../../../components/icons";
import { useT } from "../../../lib/i18n";
import { paths } from "../../../paths";
import styles from "./short-link-not-found.module.css";

/**
 * What the short-link page shows when it does not redirect (spec §2, §8): 'Oops', the spec's
 * message (or, when the lookup itself failed, the server's message or the generic one) and a
 * link back home.
 */
export function ShortLinkNotFound({ failedMessage }: { failedMessage?: string | null }) {
  const { t } = useT();
  return (
    <div className={styles.panel} data-testid="short-link-not-found">
      <span className={styles.icon}>
        <AlertIcon size={32} />
      </span>
      <h1 className={styles.title}>{t("marketing.shortLink.oops")}</h1>
      <p className={styles.message} data-testid="short-link-message">
        {failedMessage === undefined
          ? t("marketing.shortLink.notFound")
          : failedMessage || t("errors.somethingWrong")}
      </p>
      <ButtonLink to={paths.home.href()} className={styles.back} data-testid="short-link-back">
        <HomeIcon size={20} />
        {t("marketing.shortLink.backHome")}
      </ButtonLink>
    </div>
  );
}

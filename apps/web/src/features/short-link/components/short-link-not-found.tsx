import { ButtonLink } from "../../../components/button";
import { AlertIcon, HomeIcon } from "../../../components/icons";
import { ResultPanel } from "../../../components/ui/result-panel";
import { useT } from "../../../lib/i18n/i18n";
import { useLanguageLink } from "../../../lib/i18n/language-link";
import { paths } from "../../../paths";
import styles from "./short-link-not-found.module.css";

/**
 * What the short-link page shows when it does not redirect (spec §2, §8): 'Oops', the spec's
 * message (or, when the lookup itself failed, the server's message or the generic one; when it was
 * refused for now, to wait and try again) and a link back home.
 */
export function ShortLinkNotFound({
  failedMessage,
  rateLimited = false,
}: {
  failedMessage?: string | null;
  rateLimited?: boolean;
}) {
  const { t } = useT();
  const link = useLanguageLink();
  return (
    <ResultPanel
      className={styles.panel}
      tone="danger"
      icon={<AlertIcon size={36} />}
      title={t("marketing.shortLink.oops")}
      message={
        rateLimited
          ? t("marketing.shortLink.tooManyRequests")
          : failedMessage === undefined
            ? t("marketing.shortLink.notFound")
            : failedMessage || t("errors.somethingWrong")
      }
      messageTestId="short-link-message"
      actions={
        <ButtonLink to={link(paths.home.href())} data-testid="short-link-back">
          <HomeIcon size={20} />
          {t("marketing.shortLink.backHome")}
        </ButtonLink>
      }
      data-testid="short-link-not-found"
    />
  );
}

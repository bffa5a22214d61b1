import "../lib/i18n/messages/chrome";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useConfig } from "../config/use-config";
import { useT } from "../lib/i18n/i18n";
import { useLanguageLink } from "../lib/i18n/language-link";
import { storage } from "../lib/offline/storage";
import { paths } from "../paths";
import { ButtonLink } from "./button";
import { HomeIcon } from "./icons";
import styles from "./not-found-content.module.css";
import { PageTitle } from "./page-title";
import { ResultPanel } from "./ui/result-panel";
import { Wordmark } from "./wordmark";

/**
 * 'Your request page could not be found…' (spec §8). The back-to-home button shows only when
 * the page was not opened from the user app, i.e. without a token in the query or in storage.
 */
export function NotFoundContent() {
  const { t } = useT();
  const link = useLanguageLink();
  const config = useConfig();
  const [search] = useSearchParams();
  const queryToken = Boolean(search.get("token")?.trim());
  // The stored token is known only in the browser; the server renders without it.
  const [storedToken, setStoredToken] = useState(false);
  useEffect(() => setStoredToken(Boolean(storage.get("user_token"))), []);
  const fromApp = queryToken || storedToken;

  return (
    <div className={`stack ${styles.page}`} data-testid="not-found">
      <PageTitle title={t("notFound.title")} />
      {fromApp ? (
        <Wordmark product={config.productName} />
      ) : (
        <Link to={link(paths.home.href())} className={styles.brand} aria-label={t("nav.home")}>
          <Wordmark product={config.productName} />
        </Link>
      )}
      <ResultPanel
        illustration={<NotFoundArt />}
        title={t("notFound.title")}
        message={t("notFound.message")}
        messageTestId="not-found-message"
        actions={
          fromApp ? null : (
            <ButtonLink to={link(paths.home.href())} data-testid="back-home">
              <HomeIcon size={20} />
              {t("notFound.backHome")}
            </ButtonLink>
          )
        }
      />
    </div>
  );
}

/** A locker whose one lit door holds a question mark, with a 404 tag. */
function NotFoundArt() {
  return (
    <svg className={styles.art} viewBox="0 0 200 140" aria-hidden="true" focusable="false">
      <rect x="30" y="20" width="140" height="110" rx="14" fill="#efe9fd" />
      <rect x="46" y="36" width="50" height="36" rx="6" fill="#ffffff" />
      <rect x="104" y="36" width="50" height="36" rx="6" fill="#ffffff" />
      <rect x="46" y="80" width="50" height="36" rx="6" fill="#ffffff" />
      <rect x="104" y="80" width="50" height="36" rx="6" fill="#5b2ed9" />
      <text x="129" y="104" textAnchor="middle" fontSize="22" fontWeight="700" fill="#ffffff">
        ?
      </text>
      <circle cx="88" cy="54" r="3" fill="#c9c9d5" />
      <circle cx="146" cy="54" r="3" fill="#c9c9d5" />
      <circle cx="88" cy="98" r="3" fill="#c9c9d5" />
      <rect x="150" y="10" width="34" height="22" rx="11" fill="#ffb020" />
      <text x="167" y="26" textAnchor="middle" fontSize="13" fontWeight="700" fill="#17171f">
        404
      </text>
    </svg>
  );
}

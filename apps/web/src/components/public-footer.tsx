import { Link } from "react-router";
import type { SocialNetwork } from "../config/public-config";
import { useConfig } from "../config/use-config";
import { type TKey, useT } from "../lib/i18n/i18n";
import { useLanguageLink } from "../lib/i18n/language-link";
import { type ExternalPage, externalLink } from "../lib/security/external-links";
import { paths } from "../paths";
import styles from "./public-footer.module.css";
import { SocialIcon } from "./social-icons";
import { StoreBadges } from "./store-badges";
import { Wordmark } from "./wordmark";

const columns: { heading: TKey; links: { page: ExternalPage; label: TKey }[] }[] = [
  {
    heading: "footer.servicesHeading",
    links: [
      { page: "ourService", label: "footer.ourService" },
      { page: "antarkanKebaikan", label: "footer.antarkanKebaikan" },
      { page: "newsAndPromos", label: "footer.newsAndPromos" },
    ],
  },
  {
    heading: "footer.companyHeading",
    links: [
      { page: "aboutUs", label: "footer.aboutUs" },
      { page: "partnership", label: "footer.partnership" },
      { page: "helpAndSupport", label: "footer.helpAndSupport" },
    ],
  },
  {
    heading: "footer.toolsHeading",
    links: [
      { page: "trackShipments", label: "nav.trackShipments" },
      { page: "checkRates", label: "nav.checkRates" },
    ],
  },
];

const networks: SocialNetwork[] = ["instagram", "facebook", "x", "youtube", "linkedin", "tiktok"];

/** Marketing footer: company links (locale in the path), app stores, social links, legal. */
export function PublicFooter() {
  const { t, language } = useT();
  const link = useLanguageLink();
  const config = useConfig();
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer} data-testid="public-footer">
      <div className={`split page-width ${styles.inner}`}>
        <div className={`stack ${styles.brand}`}>
          <Link to={link(paths.home.href())} className={styles.brandLink} aria-label={t("nav.home")}>
            <Wordmark product={config.productName} tone="light" />
          </Link>
          <p className={styles.tagline}>{t("footer.tagline")}</p>
          <p className={styles.smallHeading}>{t("footer.downloadApp")}</p>
          <StoreBadges />
        </div>
        <nav className={`equal-columns ${styles.columns}`} aria-label={t("footer.label")}>
          {columns.map((column) => (
            <div key={column.heading}>
              <h2 className={styles.heading}>{t(column.heading)}</h2>
              <ul className={`plain-list ${styles.list}`}>
                {column.links.map((link) => (
                  <li key={link.page}>
                    <a className={styles.link} href={externalLink(config, language, link.page)}>
                      {t(link.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className={styles.bottom}>
        <div className={`cluster page-width ${styles.bottomInner}`}>
          {/* The device's year may not be the server's (a phone clock that is off, a page drawn
              before New Year): React keeps the server's text rather than draw the page again. */}
          <p className={styles.copyright} suppressHydrationWarning>
            {t("footer.copyright", { year })}
          </p>
          <ul className={`cluster plain-list ${styles.legal}`}>
            <li>
              <a className={styles.link} href={externalLink(config, language, "termsAndConditions")}>
                {t("footer.terms")}
              </a>
            </li>
            <li>
              <a className={styles.link} href={externalLink(config, language, "privacyPolicy")}>
                {t("footer.privacy")}
              </a>
            </li>
          </ul>
          <ul className={`cluster plain-list ${styles.social}`} aria-label={t("footer.followUs")}>
            {networks
              .filter((network) => config.social[network])
              .map((network) => (
                <li key={network}>
                  <a
                    className={`circle ${styles.socialLink}`}
                    href={config.social[network]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${t(`social.${network}`)} ${t("common.newTab")}`}
                  >
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

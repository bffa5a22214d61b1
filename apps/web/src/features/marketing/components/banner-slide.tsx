import { ButtonLink } from "../../../components/button";
import { useConfig } from "../../../config/use-config";
import { useT } from "../../../lib/i18n/i18n";
import { useLanguageLink } from "../../../lib/i18n/language-link";
import { articleLink } from "../../../lib/security/external-links";
import { isSafeUrl, withScheme } from "../../../lib/security/safe-url";
import type { BannerData } from "../types";
import styles from "./banner-slide.module.css";
import { DownloadButtons } from "./download-buttons";
import { ArrowRightIcon } from "./marketing-icons";
import { ResponsivePicture } from "./responsive-picture";
import { ServerHtml } from "./server-html";

/**
 * Where a banner's button goes (spec §3): the article on the main site, else `other_url`; null
 * when neither exists (the button is then not shown). Only http(s) or same-site addresses.
 */
export function useBannerLink(banner: BannerData): string | null {
  const config = useConfig();
  const { language } = useT();
  const { button } = banner;
  if (button.is_article && button.article) {
    return articleLink(config, language, button.article.created_at_date_only, button.article.slug);
  }
  if (button.other_url?.trim()) {
    const url = withScheme(button.other_url);
    return isSafeUrl(url) ? url : null;
  }
  return null;
}

interface BannerSlideProps {
  banner: BannerData;
  /** The first banner of the page: its picture loads first. */
  priority?: boolean;
}

/**
 * One banner: its picture (which carries the headline in its art), then the sub-heading, the
 * button and the app-store buttons. The header is in the HTML for screen readers and search engines.
 */
export function BannerSlide({ banner, priority = false }: BannerSlideProps) {
  const { t } = useT();
  const link = useBannerLink(banner);
  const languageLink = useLanguageLink();
  const label = banner.button.text_button.trim() || t("marketing.home.readMore");

  return (
    <article className={`stack ${styles.banner}`} data-testid="banner">
      <ResponsivePicture className={styles.art} image={banner} kind="banner" priority={priority} />
      <div className={`stack ${styles.body}`}>
        <h2 className="visually-hidden" data-testid="banner-header">
          {banner.header}
        </h2>
        <ServerHtml html={banner.sub_heading} className={styles.subHeading} />
        {link || banner.is_with_download_button ? (
          <div className={`cluster ${styles.actions}`}>
            {link ? (
              // A link to another site is a plain link: React Router leaves it to the browser.
              <ButtonLink to={languageLink(link)} className={styles.button} data-testid="banner-button">
                {label}
                <ArrowRightIcon />
              </ButtonLink>
            ) : null}
            {banner.is_with_download_button ? <DownloadButtons buttons={banner.download_button} /> : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

import { Link } from "react-router";
import { useT } from "../../../lib/i18n/i18n";
import { useLanguageLink } from "../../../lib/i18n/language-link";
import { paths } from "../../../paths";
import type { ServiceCardData } from "../types";
import { ArrowRightIcon } from "./marketing-icons";
import { ResponsivePicture } from "./responsive-picture";
import styles from "./service-cards.module.css";

/** The landing page's service cards (limit 3; descriptions already cut to 15 words). */
export function ServiceCards({ cards }: { cards: ServiceCardData[] }) {
  const { t } = useT();
  const link = useLanguageLink();
  if (cards.length === 0) return null;
  return (
    <ul className={`equal-columns plain-list ${styles.cards}`} data-testid="service-cards">
      {cards.map((card) => (
        <li key={card.slug} className={`panel ${styles.card}`} data-testid="service-card">
          <ResponsivePicture className={styles.picture} image={card} kind="service" />
          <div className={`stack ${styles.body}`}>
            <h3 className={styles.title}>{card.title}</h3>
            <p className={styles.excerpt} data-testid="service-excerpt">
              {card.excerpt}
            </p>
            <Link
              to={link(paths.services.href(card.slug))}
              className={styles.more}
              aria-label={t("marketing.home.learnMoreAbout", { title: card.title })}
            >
              {t("marketing.home.learnMore")}
              <ArrowRightIcon size={18} />
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

import type { ContentName } from "@paxelbox/contract";
import { useId } from "react";
import { contentText, useSettings } from "../../../api/settings";
import { AlertIcon } from "../../../components/icons";
import { SkeletonCard } from "../../../components/loaders";
import { useT } from "../../../lib/i18n";
import styles from "./rent-status.module.css";

interface ContentBlockProps {
  /** The settings content entry (spec §3), e.g. how_to_pick_up_items. */
  name: ContentName;
  doorNumber?: string;
  /** `warning`: the amber attention box. */
  tone?: "card" | "warning";
  /** Leave out the entry's own title. */
  hideTitle?: boolean;
}

/** A settings text in the current language, `{{door_number}}` filled, its HTML sanitised. */
export function ContentBlock({ name, doorNumber, tone = "card", hideTitle = false }: ContentBlockProps) {
  const { language } = useT();
  const settings = useSettings();
  const titleId = useId();
  if (settings.isPending) return <SkeletonCard lines={3} />;
  const content = contentText(settings.data, name, language, doorNumber);
  if (!content) return null;
  const body = (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: settings HTML, sanitised by contentText (sanitizeHtml)
    <div className={styles.html} dangerouslySetInnerHTML={{ __html: content.html }} />
  );
  if (tone === "warning") {
    return (
      <section className={styles.warning} aria-labelledby={titleId} data-testid={`content-${name}`}>
        <AlertIcon size={22} />
        <div className={styles.warningBody}>
          <h2 id={titleId} className={styles.warningTitle}>
            {content.title}
          </h2>
          {body}
        </div>
      </section>
    );
  }
  return (
    <section
      className={styles.card}
      aria-labelledby={hideTitle ? undefined : titleId}
      data-testid={`content-${name}`}
    >
      {hideTitle ? null : (
        <h2 id={titleId} className={styles.cardTitle}>
          {content.title}
        </h2>
      )}
      {body}
    </section>
  );
}

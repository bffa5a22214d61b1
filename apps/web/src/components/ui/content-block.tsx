import type { ContentName } from "@paxelbox/contract";
import { type ComponentPropsWithoutRef, useId } from "react";
import { contentText, useSettings } from "../../api/settings";
import { useT } from "../../lib/i18n/i18n";
import { AlertIcon } from "../icons";
import { SkeletonCard } from "../loaders";
import { Card, CardChevron, CardNote, CardTitle } from "./card";
import styles from "./content-block.module.css";

interface ContentBlockProps {
  /** The settings content entry (spec §3), e.g. how_to_pick_up_items. */
  name: ContentName;
  /** Fills `{{door_number}}` in the entry's title and text. */
  doorNumber?: string | number;
  /**
   * `card`: a card with the entry's title as its heading; `warning`: the amber attention box;
   * `note`: the smaller amber note inside another card (its title is no heading); `details`: a
   * card that opens on its title.
   */
  variant?: "card" | "warning" | "note" | "details";
  /** The title when the entry has none. */
  fallbackTitle?: string;
  /** `content-<name>` unless told. */
  testId?: string;
  /**
   * A skeleton holds the block's place while the settings load; without it nothing shows until
   * they are there (a screen that waits for the settings itself).
   */
  skeleton?: boolean;
}

/** A settings text in the current language, `{{door_number}}` filled, its HTML sanitised. */
export function ContentBlock({
  name,
  doorNumber,
  variant = "card",
  fallbackTitle,
  testId = `content-${name}`,
  skeleton = true,
}: ContentBlockProps) {
  const { language } = useT();
  const settings = useSettings();
  const titleId = useId();
  if (settings.isPending) return skeleton ? <SkeletonCard lines={3} /> : null;
  const content = contentText(settings.data, name, language, doorNumber);
  if (!content) return null;
  // Text in the other language (this one's setting empty) says so to a screen reader: `titleLang`
  // is set only when the entry's title is the other language's, never for `fallbackTitle`.
  const title = content.title || fallbackTitle;
  const tone = variant === "card" ? styles.quiet : variant === "warning" ? undefined : styles.small;
  const body = <SettingsHtml html={content.html} className={tone} lang={content.htmlLang} />;

  switch (variant) {
    case "warning":
      return (
        <section className={styles.warning} aria-labelledby={titleId} data-testid={testId}>
          <AlertIcon size={22} />
          <div className={`stack ${styles.warningBody}`}>
            <h2 id={titleId} className={styles.warningTitle} lang={content.titleLang}>
              {title}
            </h2>
            {body}
          </div>
        </section>
      );
    case "note":
      return (
        <CardNote className={`stack ${styles.note}`} data-testid={testId}>
          <p className={styles.noteTitle} lang={content.titleLang}>
            <AlertIcon size={18} /> {title}
          </p>
          {body}
        </CardNote>
      );
    case "details":
      return (
        <Card as="details" className={styles.details} data-testid={testId}>
          <summary lang={content.titleLang}>
            {title}
            <CardChevron />
          </summary>
          {body}
        </Card>
      );
    default:
      return (
        <Card as="section" aria-labelledby={titleId} data-testid={testId}>
          <CardTitle id={titleId} lang={content.titleLang}>
            {title}
          </CardTitle>
          {body}
        </Card>
      );
  }
}

/** Settings HTML, already sanitised by `contentText` (sanitizeHtml): lists and paragraphs spaced. */
export function SettingsHtml({
  html,
  className,
  ...rest
}: { html: string } & Omit<ComponentPropsWithoutRef<"div">, "children" | "dangerouslySetInnerHTML">) {
  return (
    <div
      className={[styles.html, className].filter(Boolean).join(" ")}
      {...rest}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: settings HTML, sanitised by contentText (sanitizeHtml)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

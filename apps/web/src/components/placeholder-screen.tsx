import type { ReactNode } from "react";
import { type TKey, useT } from "../lib/i18n";
import { PageTitle } from "./page-title";
import styles from "./placeholder-screen.module.css";

interface PlaceholderScreenProps {
  titleKey: TKey;
  lineKey: TKey;
  /** `page` for marketing routes (wide), `card` for web-view routes (in the 460 px frame). */
  kind?: "page" | "card";
  children?: ReactNode;
}

/** Stand-in for a screen a later issue builds: its title and one line, translated. */
export function PlaceholderScreen({ titleKey, lineKey, kind = "page", children }: PlaceholderScreenProps) {
  const { t } = useT();
  const title = t(titleKey);
  return (
    <section className={styles.screen} data-kind={kind} data-testid="placeholder-screen">
      <PageTitle title={title} />
      <div className={styles.inner}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.line}>{t(lineKey)}</p>
        <p className={styles.note}>{t("placeholder.comingSoon")}</p>
        {children}
      </div>
    </section>
  );
}

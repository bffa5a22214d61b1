import { type Language, supportedLanguages, useT } from "../lib/i18n/i18n";
import { FlagFor } from "./flags";
import styles from "./language-switcher.module.css";

interface LanguageSwitcherProps {
  tone?: "default" | "light";
  /** `auto`: language codes instead of names where the desktop header is tight (1024–1279 px). */
  size?: "full" | "auto";
}

/** Bahasa / English switch (spec §2). The choice is stored and survives reloads. */
export function LanguageSwitcher({ tone = "default", size = "full" }: LanguageSwitcherProps) {
  const { t, language, setLanguage } = useT();
  return (
    <fieldset className={styles.switcher} data-tone={tone} data-size={size}>
      <legend className="visually-hidden">{t("language.label")}</legend>
      {supportedLanguages.map((option: Language) => {
        const active = option === language;
        return (
          <button
            key={option}
            type="button"
            className={styles.option}
            aria-pressed={active}
            lang={option}
            data-language={option}
            onClick={() => {
              if (!active) void setLanguage(option);
            }}
          >
            <FlagFor language={option} className={styles.flag} />
            <span className={styles.long}>{t(`language.${option}`)}</span>
            <span className={styles.short} aria-hidden="true">
              {option.toUpperCase()}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

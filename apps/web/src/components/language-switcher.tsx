import { Form, useLocation } from "react-router";
import { type Language, useT } from "../lib/i18n/i18n";
import { supportedLanguages } from "../lib/i18n/language";
import { paths } from "../paths";
import { FlagFor } from "./flags";
import styles from "./language-switcher.module.css";

interface LanguageSwitcherProps {
  tone?: "default" | "light";
  /** `auto`: language codes instead of names where the desktop header is tight (1024–1279 px). */
  size?: "full" | "auto";
}

/**
 * Bahasa / English switch (spec §2). The choice is stored and survives reloads. With the page's
 * scripts it switches in place; before and without them it is a form the server answers by storing
 * the choice in the language cookie and drawing the page again (`routes/language.ts`).
 */
export function LanguageSwitcher({ tone = "default", size = "full" }: LanguageSwitcherProps) {
  const { t, language, setLanguage } = useT();
  const location = useLocation();
  return (
    <Form method="post" action={paths.language.href()} reloadDocument>
      <input type="hidden" name="to" value={`${location.pathname}${location.search}`} />
      <fieldset className={styles.switcher} data-tone={tone} data-size={size}>
        <legend className="visually-hidden">{t("language.label")}</legend>
        {supportedLanguages.map((option: Language) => {
          const active = option === language;
          return (
            <button
              key={option}
              type="submit"
              name="language"
              value={option}
              className={styles.option}
              aria-pressed={active}
              lang={option}
              data-language={option}
              onClick={(event) => {
                event.preventDefault();
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
    </Form>
  );
}

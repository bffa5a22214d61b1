import { useT } from "../../../lib/i18n/i18n";
import { splitLinks } from "../lib/inbox";
import styles from "./inbox.module.css";

/**
 * A message's text as plain text (never markup), its http(s) links real links where they stand,
 * and under it the links it does not write out. `lang`: the message's own language.
 */
export function MessageText({ text, links, lang }: { text: string; links: readonly string[]; lang: string }) {
  const { t } = useT();
  const { parts, rest } = splitLinks(text, links);
  return (
    <>
      <p className={styles.text} lang={lang}>
        {parts.map((part, index) =>
          part.kind === "link" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in its order
            <a key={index} href={part.href} rel="noreferrer" data-testid="message-link">
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
      {rest.length > 0 ? (
        <ul className={`plain-list ${styles.links}`} aria-label={t("demoInbox.otherLinks")}>
          {rest.map((link) => (
            <li key={link}>
              <a href={link} rel="noreferrer" data-testid="message-link">
                {link}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

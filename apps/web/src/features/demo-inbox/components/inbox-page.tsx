import type { DemoOutboxEntry } from "@paxelbox/contract";
import { type ReactNode, useMemo } from "react";
import { Form, Link } from "react-router";
import { Button } from "../../../components/button";
import { AlertIcon, lineIcon } from "../../../components/icons";
import { PageTitle } from "../../../components/page-title";
import { useConfig } from "../../../config/use-config";
import { type Language, Trans, useT } from "../../../lib/i18n/i18n";
import { supportedLanguages } from "../../../lib/i18n/language";
import { paths } from "../../../paths";
import { useLiveOutbox } from "../hooks/use-live-outbox";
import { toInbox } from "../lib/inbox";
import { Conversation } from "./conversation";
import styles from "./inbox.module.css";
import { Mail } from "./mail";

export interface InboxPageProps {
  /** The recipient filter as typed ("" for every message). */
  to: string;
  /** The filter is neither a phone number nor an e-mail address. */
  invalid: boolean;
  /** The outbox, newest first (the filtered recipient's only). */
  entries: readonly DemoOutboxEntry[];
  /** The page's language when its address names it (kept by the filter). */
  lang: Language | null;
}

/**
 * The demo inbox (`/demo/inbox`): what this installation's WhatsApp sandbox and SMTP sink
 * received, as the recipients' phones and mail clients show it; one recipient's with `?to=`.
 */
export function InboxPage({ to, invalid, entries, lang }: InboxPageProps) {
  const { t, language } = useT();
  const config = useConfig();
  const { conversations, emails } = useMemo(() => toInbox(entries), [entries]);
  useLiveOutbox();

  return (
    <div className={styles.page} data-testid="demo-inbox">
      <PageTitle title={t("demoInbox.title")} />
      <header className={styles.bar}>
        <div className={`page-width ${styles.barInner}`}>
          <span className={styles.brand}>
            {/* The product's name in the brand type; the site's wordmark stays with the site's pages. */}
            <span className={styles.product}>
              {config.productName}
              <span className={styles.productBox}>Box</span>
            </span>
            <span className={styles.badge}>{t("demoInbox.badge")}</span>
          </span>
          <nav className={styles.languages} aria-label={t("demoInbox.languages.label")}>
            {supportedLanguages.map((option) => (
              // A plain link (`?lang=`): the page is drawn anew in that language, with or without scripts.
              <a
                key={option}
                className={styles.language}
                href={paths.demoInbox.href({ to: to || undefined, lang: option })}
                hrefLang={option}
                lang={option}
                aria-current={option === language ? "true" : undefined}
                data-language={option}
              >
                <span aria-hidden="true">{option.toUpperCase()}</span>
                <span className="visually-hidden">{t(`demoInbox.languages.${option}`)}</span>
              </a>
            ))}
          </nav>
        </div>
      </header>

      <div className={`page-width stack ${styles.content}`}>
        <section className={`stack ${styles.intro}`} aria-labelledby="inbox-title">
          <h1 id="inbox-title">{t("demoInbox.title")}</h1>
          <p className={styles.lead}>{t("demoInbox.intro")}</p>
          <Form method="get" className={`stack panel ${styles.filter}`} data-testid="inbox-filter">
            {lang ? <input type="hidden" name="lang" value={lang} /> : null}
            {/*
              The field's markup and look as the forms' (components/ui/field), written out: a demo page
              that imported the forms' field would split it from the chunk the forms share.
            */}
            <div className={`stack ${styles.field}`}>
              <label className={styles.label} htmlFor="inbox-to">
                {t("demoInbox.filter.label")}
              </label>
              <input
                id="inbox-to"
                className={styles.input}
                name="to"
                type="text"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                defaultValue={to}
                // A new filter's value when the address changes (a link, back and forward).
                key={to}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? "inbox-to-hint inbox-to-error" : "inbox-to-hint"}
                data-testid="inbox-to"
              />
              <p className={styles.hint} id="inbox-to-hint">
                {t("demoInbox.filter.hint")}
              </p>
              {invalid ? (
                <p className={styles.error} id="inbox-to-error" data-testid="field-error">
                  <AlertIcon size={16} />
                  <span>{t("demoInbox.filter.invalid")}</span>
                </p>
              ) : null}
            </div>
            <div className={styles.filterActions}>
              <Button type="submit" data-testid="inbox-show">
                {t("demoInbox.filter.submit")}
              </Button>
              {to ? (
                <Link className={styles.all} to={paths.demoInbox.href({ lang: lang ?? undefined })}>
                  {t("demoInbox.filter.all")}
                </Link>
              ) : null}
            </div>
            <p className={styles.live}>{t("demoInbox.live")}</p>
          </Form>
        </section>

        {invalid ? null : entries.length === 0 ? (
          <EmptyInbox to={to} />
        ) : (
          // Every message: both sections side by side. One recipient's: only what they received.
          <div className={to ? `stack ${styles.single}` : `split ${styles.columns}`}>
            {to && conversations.length === 0 ? null : (
              <Section
                id="inbox-phones"
                title={t("demoInbox.phones")}
                count={conversationCount(conversations)}
              >
                {conversations.length === 0 ? (
                  <p className={styles.none}>{t("demoInbox.noPhones")}</p>
                ) : (
                  <div className={`stack ${styles.phones}`}>
                    {conversations.map((conversation) => (
                      <Conversation key={conversation.key} conversation={conversation} />
                    ))}
                  </div>
                )}
              </Section>
            )}
            {to && emails.length === 0 ? null : (
              <Section id="inbox-emails" title={t("demoInbox.emails")} count={emails.length}>
                {emails.length === 0 ? (
                  <p className={styles.none}>{t("demoInbox.noEmails")}</p>
                ) : (
                  <div className={`stack ${styles.mails}`}>
                    {emails.map((mail) => (
                      <Mail key={`${mail.id}:${mail.to}`} mail={mail} />
                    ))}
                  </div>
                )}
              </Section>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** A speech bubble with lines of text: a message. */
const ChatIcon = lineIcon(["M4 5.5h16v10H9l-5 4z", "M8 9h8", "M8 12h5"]);

const conversationCount = (conversations: ReturnType<typeof toInbox>["conversations"]) =>
  conversations.reduce((sum, conversation) => sum + conversation.messages.length, 0);

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <section className={`stack ${styles.section}`} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title} <span className={styles.count}>{t("demoInbox.count", { count })}</span>
      </h2>
      {children}
    </section>
  );
}

/** No message yet (for this recipient): what makes one. */
function EmptyInbox({ to }: { to: string }) {
  const { t } = useT();
  return (
    <section
      className={`stack panel ${styles.empty}`}
      aria-labelledby="inbox-empty"
      data-testid="inbox-empty"
    >
      <span className={`circle ${styles.emptyIcon}`} aria-hidden="true">
        <ChatIcon size={28} />
      </span>
      <h2 id="inbox-empty" className={styles.sectionTitle}>
        {to ? t("demoInbox.empty.titleFor", { to }) : t("demoInbox.empty.title")}
      </h2>
      <p>{t("demoInbox.empty.hint")}</p>
      <ul className={`stack ${styles.howTo}`}>
        <li>
          <Trans
            i18nKey="demoInbox.empty.store"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans fills the link text
              package: <a href={paths.demoScenario.href("package-form")} />,
              // biome-ignore lint/a11y/useAnchorContent: Trans fills the link text
              kiosk: <a href={paths.demoKiosk.href()} />,
            }}
          />
        </li>
        <li>
          <Trans
            i18nKey="demoInbox.empty.overdue"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans fills the link text
              overdue: <a href={paths.demoScenario.href("dropoff-overdue-need-to-pay")} />,
            }}
          />
        </li>
        <li>
          <Trans
            i18nKey="demoInbox.empty.guestBook"
            components={{
              guestBook: <Link to={paths.guestBook.form.href({ business_type: "Business" })} />,
            }}
          />
        </li>
      </ul>
    </section>
  );
}

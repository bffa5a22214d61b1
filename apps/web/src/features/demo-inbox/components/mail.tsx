import type { DemoOutboxEntry } from "@paxelbox/contract";
import { useId } from "react";
import { useT } from "../../../lib/i18n/i18n";
import { formatReceivedAt, splitAddress } from "../lib/inbox";
import styles from "./inbox.module.css";
import { MessageText } from "./message-text";

/** One e-mail as a mail client shows it: subject, sender, recipient, time, then its plain text. */
export function Mail({ mail }: { mail: DemoOutboxEntry }) {
  const { t, language } = useT();
  const titleId = useId();
  return (
    <article
      className={`stack panel ${styles.mail}`}
      aria-labelledby={titleId}
      data-to={mail.to}
      data-template={mail.template}
      data-testid="mail"
    >
      <header className={`stack ${styles.mailHeader}`}>
        <h3 id={titleId} lang={mail.language}>
          {mail.subject ?? mail.template}
        </h3>
        <dl className={styles.mailFacts}>
          <dt>{t("demoInbox.from")}</dt>
          <dd>{mail.from ? <Sender header={mail.from} /> : "—"}</dd>
          <dt>{t("demoInbox.recipient")}</dt>
          <dd data-testid="mail-to">{mail.to}</dd>
          <dt>{t("demoInbox.received")}</dt>
          <dd>
            <time dateTime={mail.receivedAt}>{formatReceivedAt(mail.receivedAt, language)}</time>
          </dd>
        </dl>
        <p className={styles.template}>
          {t("demoInbox.template", { name: mail.template })} · {mail.language.toUpperCase()}
        </p>
      </header>
      <div className={styles.mailBody}>
        <MessageText text={mail.text} links={mail.links} lang={mail.language} />
      </div>
    </article>
  );
}

/** The sender's name, then the address, which wraps as one piece (`<no-reply@…>`). */
function Sender({ header }: { header: string }) {
  const { name, address } = splitAddress(header);
  return (
    <>
      {name ? <span className={styles.senderName}>{name} </span> : null}
      <span className={styles.address}>&lt;{address}&gt;</span>
    </>
  );
}

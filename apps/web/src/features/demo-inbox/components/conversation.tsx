import { useId } from "react";
import { useConfig } from "../../../config/use-config";
import { useT } from "../../../lib/i18n/i18n";
import { type Conversation as ConversationData, formatPhoneNumber, formatReceivedAt } from "../lib/inbox";
import { DeliveryStatus } from "./delivery-status";
import styles from "./inbox.module.css";
import { MessageText } from "./message-text";

/**
 * One number's messages of one channel as the recipient's phone shows them: the sender's name on
 * top, then the messages as bubbles, oldest first, each with its time and delivery ticks.
 */
export function Conversation({ conversation }: { conversation: ConversationData }) {
  const { t, language } = useT();
  const config = useConfig();
  const titleId = useId();
  const number = formatPhoneNumber(conversation.to);
  return (
    <article
      className={styles.phone}
      aria-labelledby={titleId}
      data-channel={conversation.channel}
      data-to={conversation.to}
      data-testid="conversation"
    >
      <header className={styles.phoneBar}>
        <span className={`circle ${styles.avatar}`} aria-hidden="true">
          {config.productName.slice(0, 1).toUpperCase()}
        </span>
        <div className={styles.phoneTitle}>
          <h3 id={titleId}>
            {config.productBoxName}
            <span className="visually-hidden"> {t("demoInbox.to", { to: number })}</span>
          </h3>
          <p aria-hidden="true">{t("demoInbox.to", { to: number })}</p>
        </div>
        <span className={styles.channel}>{t(`demoInbox.channel.${conversation.channel}`)}</span>
      </header>
      <ol className={`plain-list ${styles.chat}`}>
        {conversation.messages.map((message) => (
          <li
            key={message.id}
            className={styles.bubble}
            data-status={message.status}
            data-template={message.template}
            data-testid="message"
          >
            <p className={styles.template}>
              {t("demoInbox.template", { name: message.template })} · {message.language.toUpperCase()}
            </p>
            <MessageText text={message.text} links={message.links} lang={message.language} />
            <p className={styles.meta}>
              <time dateTime={message.receivedAt}>{formatReceivedAt(message.receivedAt, language)}</time>
              <DeliveryStatus status={message.status} />
            </p>
          </li>
        ))}
      </ol>
    </article>
  );
}

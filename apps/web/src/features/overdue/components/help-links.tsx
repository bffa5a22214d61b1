import { StoreBadges } from "../../../components/store-badges";
import { Card, CardTitle, cardStyles } from "../../../components/ui/card";
import { useConfig } from "../../../config/use-config";
import { bridge, hasNativeBridge } from "../../../lib/bridge/bridge";
import { useT } from "../../../lib/i18n/i18n";
import { isSafeUrl } from "../../../lib/security/safe-url";
import styles from "./overdue-result.module.css";

/** Help chatbot link (the app's chat through the bridge when there is one) and the app-store badges. */
export function HelpLinks({ expressNumber }: { expressNumber?: string }) {
  const { t } = useT();
  const config = useConfig();
  const chatbot = isSafeUrl(config.chatbotUrl) ? config.chatbotUrl : undefined;
  return (
    <div className={`stack ${styles.help}`}>
      <Card as="section" className={styles.helpCard} aria-labelledby="overdue-help-title">
        <CardTitle id="overdue-help-title">{t("dropOff.results.helpTitle")}</CardTitle>
        <p className={cardStyles.muted}>{t("dropOff.results.helpLine")}</p>
        <a
          className={styles.helpLink}
          href={chatbot}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="overdue-help-link"
          onClick={(event) => {
            if (!hasNativeBridge()) return;
            event.preventDefault();
            void bridge.contactSupport(expressNumber ? { expressNumber } : {});
          }}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.2A8 8 0 1 1 20 12z" />
            <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
          </svg>
          {t("dropOff.results.helpLink")}
          <span className="visually-hidden">{t("common.newTab")}</span>
        </a>
      </Card>
      <Card
        as="section"
        className={styles.helpCard}
        aria-labelledby="overdue-app-title"
        data-testid="overdue-app-links"
      >
        <CardTitle id="overdue-app-title">{t("dropOff.results.appTitle")}</CardTitle>
        <p className={cardStyles.muted}>{t("dropOff.results.appLine")}</p>
        <StoreBadges tone="dark" />
      </Card>
    </div>
  );
}

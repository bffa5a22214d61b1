import { useT } from "../lib/i18n/i18n";
import { AlertIcon } from "./icons";
import styles from "./no-script-screen-error.module.css";
import { ResultPanel } from "./ui/result-panel";

/**
 * What a web-view page says without scripts when the server could not load its screen (an unknown
 * order, a refused token): 'Oops...' with the API's message, else the generic one, as the page's
 * dialog says it with scripts (spec §8); opened without a token, where the page opens from
 * (`RequireUser`). Inside `<noscript>`: a browser that runs the page shows
 * its own dialog instead, from its own call (the preload never decides what the member sees).
 */
export function NoScriptScreenError({
  preload,
}: {
  preload: { screenError?: string | null } | null | undefined;
}) {
  const { t } = useT();
  const message = preload?.screenError;
  if (message === undefined) return null;
  return (
    <noscript>
      <div className={styles.notice}>
        <ResultPanel
          card
          tone="danger"
          icon={<AlertIcon size={36} />}
          title={t("errors.oops")}
          message={message || t("errors.somethingWrong")}
          data-testid="no-script-screen-error"
        />
      </div>
    </noscript>
  );
}

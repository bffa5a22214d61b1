import { type ReactNode, useState } from "react";
import { Button } from "../../../components/button";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon } from "../../../components/icons";
import { ResultPanel } from "../../../components/ui/result-panel";
import { errorMessage } from "../../../lib/http/api-client";
import { useT } from "../../../lib/i18n/i18n";
import styles from "./rent-status.module.css";

/**
 * No order to show (none asked for, or it failed to load): what happened as the page's heading,
 * what to do, and a button where one helps.
 */
export function DeadEnd({
  testId,
  title,
  line,
  children,
}: {
  testId: string;
  title: string;
  line: string;
  children?: ReactNode;
}) {
  return (
    <div className={`stack ${styles.content}`}>
      <ResultPanel
        className={styles.result}
        data-testid={testId}
        tone="danger"
        icon={<AlertIcon size={32} />}
        title={title}
        message={line}
        actions={children}
      />
    </div>
  );
}

/**
 * The rent could not be loaded (spec §8): 'Oops...' with the server's message, over a dead end
 * that says so and can ask again. Nothing is asked again by itself (the loader stops).
 */
export function RentLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  const [seenError, setSeenError] = useState<unknown>(null);
  return (
    <>
      <DeadEnd
        testId="rent-load-failed"
        title={t("rent.loadFailed.title")}
        line={errorMessage(error, t("rent.loadFailed.line"))}
      >
        <Button block variant="secondary" onClick={onRetry}>
          {t("rent.loadFailed.retry")}
        </Button>
      </DeadEnd>
      <ErrorDialog
        open={error !== seenError}
        message={errorMessage(error, t("errors.somethingWrong"))}
        onClose={() => setSeenError(error)}
      />
    </>
  );
}

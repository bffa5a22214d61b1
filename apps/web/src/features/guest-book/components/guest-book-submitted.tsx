import { useEffect, useRef } from "react";
import { ButtonLink } from "../../../components/button";
import { CheckCircleIcon } from "../../../components/icons";
import { ResultPanel } from "../../../components/ui/result-panel";
import { useT } from "../../../lib/i18n/i18n";
import { useLanguageLink } from "../../../lib/i18n/language-link";
import { paths } from "../../../paths";
import styles from "./guest-book-submitted.module.css";

/** Starts a download of a same-site file, or opens another site's file in a new tab. */
export function startDownload(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  if (link.origin === window.location.origin) link.download = "";
  else {
    link.target = "_blank";
    link.rel = "noopener noreferrer";
  }
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Guest-book confirmation (spec §2): the data was sent and the white paper download starts — the
 * first link the send returned — with a link to start it by hand and a button back to the landing.
 * The route opens it only after a send (`sent-cookie.server.ts`), with that send's white paper, and
 * starts the download only on the first opening (`startDownload`).
 */
export function GuestBookSubmitted({
  paper,
  startDownload: start,
}: {
  paper: { name: string; url: string } | null;
  startDownload: boolean;
}) {
  const { t } = useT();
  const link = useLanguageLink();
  const started = useRef(false);

  useEffect(() => {
    if (!paper || !start || started.current) return;
    started.current = true;
    startDownload(paper.url);
  }, [paper, start]);

  return (
    <ResultPanel
      card
      icon={<CheckCircleIcon size={36} />}
      title={t("screens.guestBookSubmitted.title")}
      message={paper ? t("marketing.submitted.line") : t("marketing.submitted.noPaper")}
      actions={
        <ButtonLink to={link(paths.home.href())} data-testid="back-home">
          {t("marketing.submitted.backHome")}
        </ButtonLink>
      }
      data-testid="guest-book-submitted"
    >
      {paper ? (
        <a className={styles.download} href={paper.url} download data-testid="white-paper-link">
          {t("marketing.submitted.downloadAgain", { name: paper.name })}
        </a>
      ) : null}
    </ResultPanel>
  );
}

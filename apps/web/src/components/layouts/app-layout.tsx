import type { ReactNode } from "react";
import { useLocation, useMatches } from "react-router";
import { useT } from "../../lib/i18n/i18n";
import { useFocusNotLost } from "../../lib/ui/use-focus-not-lost";
import styles from "./app-layout.module.css";
import { BackHeader } from "./back-header";
import { HeaderActionProvider, useHeaderActionSlot } from "./header-actions";
import { selectLayout } from "./layout-handle";

export const mainContentId = "main-content";

/** Wraps the matched route in the chrome its `handle` asks for (spec §2 layout rules). */
export function AppLayout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const location = useLocation();
  // A navigation in the page that took the focused control away (a jump to an anchor of the same
  // page is no new screen): the screen's heading, in the content, else the web-view header bar's
  // title (a screen such as the rent's overdue fee has its only one there).
  useFocusNotLost(`${location.pathname}${location.search}`, [`#${mainContentId} h1`, "h1"]);
  const { t } = useT();
  const [action, setAction] = useHeaderActionSlot();
  const { layout, titleKey, chrome } = selectLayout(matches, new URLSearchParams(location.search));

  if (layout === "public") {
    return (
      <div className={styles.public} data-layout="public">
        <a className="skip-link" href={`#${mainContentId}`}>
          {t("app.skipToContent")}
        </a>
        {chrome ? <chrome.Header /> : null}
        <main id={mainContentId} className={styles.publicMain}>
          {children}
        </main>
        {chrome ? <chrome.Footer /> : null}
      </div>
    );
  }

  if (layout === "none") {
    return (
      <main id={mainContentId} data-layout="none">
        {children}
      </main>
    );
  }

  return (
    <div className={styles.backdrop} data-layout={layout}>
      <div className={styles.frame}>
        <HeaderActionProvider setAction={setAction}>
          {layout === "webview" ? (
            <BackHeader title={titleKey ? t(titleKey) : undefined} action={action} />
          ) : null}
          <main id={mainContentId} className={styles.frameMain}>
            {children}
          </main>
        </HeaderActionProvider>
      </div>
    </div>
  );
}

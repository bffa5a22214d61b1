import { type ReactNode, useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { useT } from "../../lib/i18n/i18n";
import styles from "./app-layout.module.css";
import { BackHeader } from "./back-header";
import { HeaderActionProvider, useHeaderActionSlot } from "./header-actions";
import { selectLayout } from "./layout-handle";

export const mainContentId = "main-content";

/**
 * After a navigation in the page that took the focused control away with the screen it was on (a
 * dialog's button that leads to another screen), the focus goes to the new screen's heading, where
 * a screen reader starts reading it, instead of being lost on the page's body. Nothing moves when
 * the focus is still somewhere, or was never anywhere (a page just opened); a jump to an anchor of
 * the same page is no new screen.
 */
function useFocusNotLostOnNavigation(screen: string) {
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const note = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener("focusin", note);
    return () => document.removeEventListener("focusin", note);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes, on purpose
  useEffect(() => {
    const lost = lastFocused.current !== null && !lastFocused.current.isConnected;
    const active = document.activeElement;
    if (!lost || (active && active !== document.body)) return;
    // The screen's heading: in the content, else the web-view header bar's title (a screen such as
    // the rent's overdue fee has its only one there).
    const heading =
      document.querySelector<HTMLElement>(`#${mainContentId} h1`) ??
      document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [screen]);
}

/** Wraps the matched route in the chrome its `handle` asks for (spec §2 layout rules). */
export function AppLayout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const location = useLocation();
  useFocusNotLostOnNavigation(`${location.pathname}${location.search}`);
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

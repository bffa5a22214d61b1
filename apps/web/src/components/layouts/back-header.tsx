import { type ReactNode, useEffect, useRef } from "react";
import { closeWebView } from "../../lib/bridge/bridge";
import { useT } from "../../lib/i18n/i18n";
import { ArrowLeftIcon, CloseIcon } from "../icons";
import { IconButton } from "../ui/icon-button";
import styles from "./back-header.module.css";

interface BackHeaderProps {
  title?: string;
  /** Right-hand slot (share button). */
  action?: ReactNode;
  /** `close`: a close icon instead of the back arrow (rent-status action results); both close the web view. */
  icon?: "back" | "close";
}

/**
 * The web-view bar (56 px, taller when its title takes two lines): back arrow, title, action slot.
 * The arrow closes the native web view when the app bridge exists, else goes back in history.
 */
export function BackHeader({ title, action, icon = "back" }: BackHeaderProps) {
  const { t } = useT();
  const bar = useStickyTop();
  return (
    <header ref={bar} className={styles.bar} data-testid="back-header">
      <IconButton
        label={icon === "close" ? t("common.close") : t("header.back")}
        onClick={() => void closeWebView()}
        data-testid="back-button"
        data-icon={icon}
      >
        {icon === "close" ? <CloseIcon /> : <ArrowLeftIcon />}
      </IconButton>
      {title ? (
        <h1 className={styles.title} data-testid="header-title">
          {title}
        </h1>
      ) : (
        <span className={styles.title} />
      )}
      <div className={styles.action}>{action}</div>
    </header>
  );
}

/**
 * Gives the page's scroll padding (`--sticky-top`, base.css) the bar's real height, which a title
 * on two lines or the phone's larger text makes taller than the stylesheet's estimate.
 */
function useStickyTop() {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty("--sticky-top", `${element.getBoundingClientRect().height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--sticky-top");
    };
  }, []);
  return bar;
}

import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useConfig } from "../config/use-config";
import { useT } from "../lib/i18n/i18n";
import { useLanguageLink } from "../lib/i18n/language-link";
import { externalLink } from "../lib/security/external-links";
import { type LandingAnchor, landingAnchors, paths } from "../paths";
import { CloseIcon, MenuIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import styles from "./public-header.module.css";
import { IconButton } from "./ui/icon-button";
import { Wordmark } from "./wordmark";

const anchors: LandingAnchor[] = ["paxelbox", "services", "location", "contact"];

/** Spec §9: a section counts as "in view" once its top is within 270 px of the viewport's top. */
export const scrollspyOffset = 270;

/** The landing section in view (scrollspy), or null away from the landing page. */
function useActiveAnchor(enabled: boolean): LandingAnchor | null {
  const [active, setActive] = useState<LandingAnchor | null>(null);
  useEffect(() => {
    if (!enabled) {
      setActive(null);
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: LandingAnchor | null = null;
      for (const anchor of anchors) {
        const section = document.getElementById(landingAnchors[anchor]);
        if (section && section.getBoundingClientRect().top <= scrollspyOffset) current = anchor;
      }
      setActive(current);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [enabled]);
  return active;
}

/** Where the menu is the header's row, not a popover (the module's `@media`). */
const wideHeader = "(min-width: 1024px)";

/**
 * Whether the menu is open as a popover. Never in a browser without the Popover API (Safari before
 * 17, inside the build's targets), where `:popover-open` is no selector and `matches` would throw:
 * there the module's CSS shows the menu in the header instead.
 */
function isOpen(menu: HTMLElement | null): menu is HTMLElement {
  return typeof menu?.hidePopover === "function" && menu.matches(":popover-open");
}

/** Hides the menu where it is open as a popover. */
function closeMenu(menu: HTMLElement | null) {
  if (isOpen(menu)) menu.hidePopover();
}

/**
 * Marketing header: wordmark, landing anchors, shipment links, language switch. On narrow screens
 * the menu is a native popover of its toggle, so it opens, closes (toggle, Escape, a tap outside)
 * and tells assistive technology it is expanded before and without the page's scripts; with them a
 * navigation closes it too.
 */
export function PublicHeader() {
  const { t, language } = useT();
  const link = useLanguageLink();
  const config = useConfig();
  const location = useLocation();
  const menu = useRef<HTMLElement>(null);
  const menuId = useId();
  const activeAnchor = useActiveAnchor(location.pathname === paths.home.pattern);

  // A navigation (including to an anchor) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => closeMenu(menu.current), [location.key]);

  // A tap outside the open menu closes it (the browser's light dismiss) and does nothing else: the
  // link under the finger (a service card, under the menu's lower edge) is not followed as well.
  // The tap's click is dropped; a tap that ends in no click (a scroll) keeps nothing waiting.
  useEffect(() => {
    const drop = (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const keep = () => document.removeEventListener("click", drop, true);
    const onPointerDown = (event: PointerEvent) => {
      const nav = menu.current;
      const target = event.target;
      if (!isOpen(nav) || !(target instanceof Element) || nav.contains(target)) return;
      // The toggle closes the menu itself.
      if (target.closest(`[popovertarget="${CSS.escape(nav.id)}"]`)) return;
      document.addEventListener("click", drop, { capture: true, once: true });
      // A touch's click may come a moment after the finger lifts.
      document.addEventListener("pointerup", () => setTimeout(keep, 500), { capture: true, once: true });
      document.addEventListener("pointercancel", keep, { capture: true, once: true });
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      keep();
    };
  }, []);

  // Widened past the breakpoint (a tablet turned), the menu is the header's row again.
  useEffect(() => {
    const wide = window.matchMedia(wideHeader);
    const onChange = () => {
      if (wide.matches) closeMenu(menu.current);
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  return (
    <header className={styles.header} data-testid="public-header">
      <div className={`page-width ${styles.inner}`}>
        <Link to={link(paths.home.href())} className={styles.brand} aria-label={t("nav.home")}>
          <Wordmark product={config.productName} />
        </Link>
        <IconButton
          className={styles.toggle}
          label={t("nav.menu")}
          popoverTarget={menuId}
          data-testid="menu-toggle"
        >
          <MenuIcon className={styles.openIcon} />
          <CloseIcon className={styles.closeIcon} />
        </IconButton>
        <nav
          ref={menu}
          id={menuId}
          className={styles.menu}
          popover="auto"
          aria-label={t("nav.main")}
          // Tabbing out of the open menu closes it: the focus would go on under it, to the page it
          // covers. (Focus going nowhere — a tap on the menu's own background — keeps it open.)
          onBlur={(event) => {
            const next = event.relatedTarget;
            if (!(next instanceof Element) || event.currentTarget.contains(next)) return;
            if (next.getAttribute("popovertarget") === menuId) return;
            closeMenu(event.currentTarget);
          }}
        >
          <ul className={`plain-list ${styles.anchors}`}>
            {anchors.map((anchor) => (
              <li key={anchor}>
                <Link
                  to={link(paths.home.anchor(anchor))}
                  className={styles.link}
                  aria-current={activeAnchor === anchor ? "location" : undefined}
                >
                  {t(`nav.${anchor}`)}
                </Link>
              </li>
            ))}
          </ul>
          <ul className={`plain-list ${styles.external}`}>
            <li>
              <a href={externalLink(config, language, "trackShipments")} className={styles.link}>
                {t("nav.trackShipments")}
              </a>
            </li>
            <li>
              <a href={externalLink(config, language, "checkRates")} className={styles.cta}>
                {t("nav.checkRates")}
              </a>
            </li>
          </ul>
          <div>
            <LanguageSwitcher size="auto" />
          </div>
        </nav>
      </div>
    </header>
  );
}

import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { useConfig } from "../config/use-config";
import { useT } from "../lib/i18n/i18n";
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

/** Marketing header: wordmark, landing anchors, shipment links, language switch; a menu on narrow screens. */
export function PublicHeader() {
  const { t, language } = useT();
  const config = useConfig();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleId = useId();
  const activeAnchor = useActiveAnchor(location.pathname === paths.home.pattern);

  // A navigation (including to an anchor) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // A focus inside the menu would be lost when it hides: it goes back to the toggle.
      if (document.getElementById(menuId)?.contains(document.activeElement)) {
        document.getElementById(toggleId)?.focus();
      }
      setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, menuId, toggleId]);

  return (
    <header className={styles.header} data-testid="public-header">
      <div className={`page-width ${styles.inner}`}>
        <Link to={paths.home.href()} className={styles.brand} aria-label={t("nav.home")}>
          <Wordmark product={config.productName} />
        </Link>
        <IconButton
          id={toggleId}
          className={styles.toggle}
          label={open ? t("nav.closeMenu") : t("nav.openMenu")}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
          data-testid="menu-toggle"
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
        <nav id={menuId} className={styles.menu} data-open={open} aria-label={t("nav.main")}>
          <ul className={`plain-list ${styles.anchors}`}>
            {anchors.map((anchor) => (
              <li key={anchor}>
                <Link
                  to={paths.home.anchor(anchor)}
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

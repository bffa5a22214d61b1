import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";
import { type TKey, useT } from "../lib/i18n";
import { type LandingAnchor, landingAnchors } from "../paths";
import styles from "./home.module.css";

export const handle = routeHandle({ layout: "public" });

const sections: { anchor: LandingAnchor; title: TKey; line: TKey }[] = [
  { anchor: "paxelbox", title: "screens.home.paxelbox", line: "screens.home.paxelboxLine" },
  { anchor: "services", title: "screens.home.services", line: "screens.home.servicesLine" },
  { anchor: "location", title: "screens.home.location", line: "screens.home.locationLine" },
  { anchor: "contact", title: "screens.home.contact", line: "screens.home.contactLine" },
];

/** Landing page (named route `index`). Placeholder: the marketing issue builds the real one. */
export default function HomeRoute() {
  const { t } = useT();
  return (
    <>
      <PlaceholderScreen titleKey="screens.home.title" lineKey="screens.home.line" />
      <div className={styles.sections}>
        {sections.map((section) => (
          <section key={section.anchor} id={landingAnchors[section.anchor]} className={styles.section}>
            <h2 className={styles.heading}>{t(section.title)}</h2>
            <p className={styles.line}>{t(section.line)}</p>
          </section>
        ))}
      </div>
    </>
  );
}

import { auditScreens } from "./support/a11y-screens.ts";

/** WCAG 2.2 AA (axe) on every screen and dialog in English; the table is in `support/a11y-screens.ts`. */
auditScreens("en");

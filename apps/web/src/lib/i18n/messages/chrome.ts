import chrome from "../../../locales/id/chrome.json";
import { addMessages } from "../i18n";

/**
 * The Indonesian messages of the public layout: its header and footer (`nav.*`, `footer.*`,
 * `social.*`, `language.*`) and its pages' titles (`screens.*`).
 */
addMessages("nav", chrome.nav);
addMessages("footer", chrome.footer);
addMessages("social", chrome.social);
addMessages("language", chrome.language);
addMessages("screens", chrome.screens);

import chrome from "../../../locales/id/chrome.json";
import demoInbox from "../../../locales/id/demo-inbox.json";
import { addMessages } from "../i18n";

/** The Indonesian `demoInbox.*` messages of the demo inbox (`/demo/inbox`), and its language switch's. */
addMessages("demoInbox", demoInbox);
addMessages("language", chrome.language);

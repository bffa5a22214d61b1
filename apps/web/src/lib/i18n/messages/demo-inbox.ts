import demoInbox from "../../../locales/id/demo-inbox.json";
import { addMessages } from "../i18n";

/** The Indonesian `demoInbox.*` messages of the demo inbox (`/demo/inbox`). */
addMessages("demoInbox", demoInbox);

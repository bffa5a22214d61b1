import messages from "../../locales/id/drop-off.json";
import { addMessages } from "../i18n";

/** The Indonesian `dropOff.*` messages, registered by the routes that show them. */
addMessages("dropOff", messages);

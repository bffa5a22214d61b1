import messages from "../../locales/id/drop-off";
import { addMessages } from "../i18n";

/** Every Indonesian `dropOff.*` message, for the package form (the drop-off's first screen). */
addMessages("dropOff", messages);

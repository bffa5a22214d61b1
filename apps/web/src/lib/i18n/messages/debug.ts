import debug from "../../../locales/id/debug.json";
import { addMessages } from "../i18n";

/** The Indonesian `debug.*` messages of the debug page. */
addMessages("debug", debug);

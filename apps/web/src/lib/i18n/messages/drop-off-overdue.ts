import overdue from "../../../locales/id/drop-off/overdue.json";
import results from "../../../locales/id/drop-off/results.json";
import { addMessages } from "../i18n";

/** The Indonesian `dropOff.overdue.*` and `dropOff.results.*` messages of the overdue pages. */
addMessages("dropOff", { overdue, results });

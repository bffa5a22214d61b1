import packageForm from "../../../locales/id/drop-off/package.json";
import { addMessages } from "../i18n";

/**
 * The Indonesian `dropOff.package.*` messages of the package form; the screens after it (order,
 * overdue, results) bring their own with their routes.
 */
addMessages("dropOff", { package: packageForm });

import order from "../../../locales/id/drop-off/order.json";
import { addMessages } from "../i18n";

/** The Indonesian `dropOff.order.*` messages of the order page, without the other screens'. */
addMessages("dropOff", { order });

import messages from "../../../locales/id/rent.json";
import { addMessages } from "../i18n";

/** The Indonesian `rent.*` messages, registered by the routes that show them. */
addMessages("rent", messages);

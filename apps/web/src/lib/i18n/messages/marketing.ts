import messages from "../../../locales/id/marketing.json";
import { addMessages } from "../i18n";

/** The Indonesian `marketing.*` messages, registered by the routes that show them. */
addMessages("marketing", messages);

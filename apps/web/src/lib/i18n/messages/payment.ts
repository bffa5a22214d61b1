import messages from "../../../locales/id/payment.json";
import { addMessages } from "../i18n";

/** The Indonesian `payment.*` messages, registered by the payment check when it loads. */
addMessages("payment", messages);

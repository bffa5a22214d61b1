import order from "./drop-off/order.json";
import overdue from "./drop-off/overdue.json";
import packageForm from "./drop-off/package.json";
import results from "./drop-off/results.json";

/**
 * The drop-off's messages, one file per screen so that each route ships only its own
 * (`lib/messages/drop-off*.ts`): the package form, the order page, the overdue pages and their results.
 */
export default { package: packageForm, order, overdue, results };

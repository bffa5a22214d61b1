import chrome from "./en/chrome.json";
import debug from "./en/debug.json";
import demoInbox from "./en/demo-inbox.json";
import dropOff from "./en/drop-off";
import marketing from "./en/marketing.json";
import payment from "./en/payment.json";
import rent from "./en/rent.json";
import shell from "./en/shell.json";

/**
 * Every message of one language: the shell's keys at the top level, each feature's under its own
 * key (`marketing.*`, `dropOff.*`, `rent.*`), so features edit only their own files; `payment.*` is
 * the shared payment check's (`components/payment-check`). The public layout's messages
 * (`lib/messages/chrome.ts`), the debug page's (`debug.*`) and the demo inbox's (`demoInbox.*`)
 * come with them, not with the shell.
 */
const messages = { ...shell, ...chrome, debug, demoInbox, marketing, dropOff, rent, payment };
export default messages;

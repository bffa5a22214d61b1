import dropOff from "./en/drop-off.json";
import marketing from "./en/marketing.json";
import rent from "./en/rent.json";
import shell from "./en/shell.json";

/**
 * Every message of one language: the shell's keys at the top level, each feature's under its own
 * key (`marketing.*`, `dropOff.*`, `rent.*`), so features edit only their own files.
 */
const messages = { ...shell, marketing, dropOff, rent };
export default messages;

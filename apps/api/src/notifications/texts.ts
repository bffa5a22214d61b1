import type { Language } from "@paxelbox/contract";
import en from "@paxelbox/web/locales/en/notifications.json" with { type: "json" };
import id from "@paxelbox/web/locales/id/notifications.json" with { type: "json" };

/**
 * Every text of the messages, in Indonesian and English: the web app's locale files
 * (`apps/web/src/locales/{id,en}/notifications.json`), beside the screens' texts, so that a message
 * and the screen it links to are written and translated together. The web app does not load this
 * file (it is in none of its language bundles); the API reads it as data through the web package's
 * `./locales/*.json` export and imports nothing else of the web app. Keys are template names:
 * `whatsapp` and `sms` by WhatsApp template (`templates.ts`), `email` by e-mail template (subject and
 * lines, `email-templates.ts`), `purpose` and `businessType` the guest book's values as a message
 * writes them. Typed from the Indonesian file: an English file that lacks a key fails type-checking,
 * and `templates.test.ts` checks every template has its texts with exactly its parameters.
 */
export const texts: Record<Language, typeof id> = { id, en };

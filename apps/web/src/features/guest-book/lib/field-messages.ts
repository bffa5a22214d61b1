import { guestBookMessages } from "@paxelbox/contract";
import type { TKey } from "../../../lib/i18n/i18n";

type MessageName = keyof typeof guestBookMessages;

const keyByMessage = new Map<string, TKey>(
  (Object.entries(guestBookMessages) as [MessageName, string][]).map(([name, message]) => [
    message,
    `marketing.guestBook.errors.${name}` as TKey,
  ]),
);

/**
 * The form's schemas (shared with the API) speak the spec's English messages; on screen each is
 * shown in the page's language (English word for word). Unknown messages are shown as they are.
 */
export function fieldMessageKey(message: string | undefined): TKey | null {
  return message ? (keyByMessage.get(message) ?? null) : null;
}

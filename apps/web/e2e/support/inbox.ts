import { randomInt, randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
// The demo inbox's messages file, not `locales/*.ts`: Playwright's loader needs the import attribute
// on a JSON import, which those files (bundled by Vite) do not give.
import en from "../../src/locales/en/demo-inbox.json" with { type: "json" };
import id from "../../src/locales/id/demo-inbox.json" with { type: "json" };
import type { Lang } from "./browser.ts";

/**
 * The demo inbox (`/demo/inbox`) in the browser tests: its texts, its address, its parts, and
 * recipients of a test's own, so that a test finds its own messages in the installation's outbox.
 */

export const inboxTexts = { id, en } as const;

/** Where guest-book leads go in demo mode (`PARTNERSHIP_INBOX`'s default, README). */
export const partnershipInbox = "partnership@paxelbox.localhost";

/** The inbox's address, one recipient's with `to`. */
export const inboxPath = (to?: string, lang?: Lang) => {
  const query = new URLSearchParams();
  if (to) query.set("to", to);
  if (lang) query.set("lang", lang);
  const text = query.toString();
  return `/demo/inbox${text ? `?${text}` : ""}`;
};

/** A mobile number no other test uses, as a person types it (`0812` and eight digits). */
export const freshPhone = () => `0812${String(randomInt(10_000_000, 100_000_000))}`;

/** The number as the outbox keeps it: E.164 digits without `+` (`0812…` → `62812…`). */
export const e164 = (local: string) => `62${local.replace(/^0/, "")}`;

/** An e-mail address no other test uses, in lower case as the outbox keeps it. */
export const freshEmail = (name = "rina") => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** A text no other test writes, to find one message by. */
export const freshMark = () => `Ref ${randomUUID().slice(0, 8)}`;

/** The conversation of one channel with one number (E.164 digits). */
export const conversationWith = (page: Page, number: string, channel = "whatsapp"): Locator =>
  page.locator(`[data-testid="conversation"][data-channel="${channel}"][data-to="${number}"]`);

/** The e-mails to one address. */
export const mailsTo = (page: Page, address: string): Locator =>
  page.locator(`[data-testid="mail"][data-to="${address}"]`);

import type { DemoOutboxEntry } from "@paxelbox/contract";
import { type DateInput, formatDateTime } from "../../../lib/i18n/format";
import type { Language } from "../../../lib/i18n/i18n";

/**
 * The demo inbox's view of the outbox (`GET /api/demo/outbox`, newest first): text messages as the
 * recipient's phone shows them, one conversation per channel and number, and e-mails as a mail
 * client lists them.
 */

/** One phone conversation: the messages of one channel (WhatsApp, SMS…) to one number. */
export interface Conversation {
  /** `channel:to`, unique on the page. */
  key: string;
  channel: DemoOutboxEntry["channel"];
  to: string;
  /** Oldest first, as a chat reads. */
  messages: DemoOutboxEntry[];
}

export interface Inbox {
  /** The conversation with the newest message first. */
  conversations: Conversation[];
  /** Newest first, as a mail list reads. */
  emails: DemoOutboxEntry[];
}

/** Whether an entry is an e-mail; every other channel is a text conversation on a phone. */
export const isEmail = (entry: Pick<DemoOutboxEntry, "channel">) => entry.channel === "email";

/** Sorts the outbox into phone conversations and e-mails, whatever order it came in. */
export function toInbox(entries: readonly DemoOutboxEntry[]): Inbox {
  const newestFirst = [...entries].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  const conversations = new Map<string, Conversation>();
  for (const entry of newestFirst) {
    if (isEmail(entry)) continue;
    const key = `${entry.channel}:${entry.to}`;
    let conversation = conversations.get(key);
    if (!conversation) {
      conversation = { key, channel: entry.channel, to: entry.to, messages: [] };
      conversations.set(key, conversation);
    }
    conversation.messages.unshift(entry);
  }
  return { conversations: [...conversations.values()], emails: newestFirst.filter(isEmail) };
}

/** A piece of a message's text: plain text, or one of its links. */
export type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string; text: string };

/** A link a page may follow: an absolute http(s) address, nothing else (no `javascript:`, no `data:`). */
export function isWebLink(link: string): boolean {
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * A message's text cut at its links (the entry's `links`, the ones that are web links), each link
 * where it stands in the text; text stays text, never markup. `rest`: the web links the text does
 * not write out.
 */
export function splitLinks(text: string, links: readonly string[]): { parts: TextPart[]; rest: string[] } {
  const webLinks = [...new Set(links.filter(isWebLink))];
  // Longest first: a link that starts another one is cut as the longer.
  const candidates = [...webLinks].sort((a, b) => b.length - a.length);
  const parts: TextPart[] = [];
  const found = new Set<string>();
  let position = 0;
  let plain = "";
  while (position < text.length) {
    const link = candidates.find((candidate) => text.startsWith(candidate, position));
    if (link) {
      if (plain) parts.push({ kind: "text", text: plain });
      plain = "";
      parts.push({ kind: "link", href: link, text: link });
      found.add(link);
      position += link.length;
    } else {
      plain += text[position];
      position += 1;
    }
  }
  if (plain) parts.push({ kind: "text", text: plain });
  return { parts, rest: webLinks.filter((link) => !found.has(link)) };
}

/**
 * A number as a phone shows a contact's: `62811222233333` → `+62 811-2222-3333` (an Indonesian
 * mobile number); other countries' as `+` and the digits.
 */
export function formatPhoneNumber(e164: string): string {
  const digits = e164.replace(/^\+/, "");
  if (!/^\d+$/.test(digits)) return e164;
  const local = digits.startsWith("62") ? digits.slice(2) : null;
  if (local === null || local.length < 8) return `+${digits}`;
  return `+62 ${local.slice(0, 3)}-${local.slice(3, 7)}-${local.slice(7)}`;
}

/**
 * What a person typed into the recipient filter, as the outbox's `?to=` takes it: trimmed, and a
 * phone number without the spaces, dashes, dots and brackets people write in one (`0811-2222-3333`).
 */
export function recipientFilter(typed: string): string {
  const value = typed.trim();
  return value.includes("@") ? value : value.replace(/[\s().-]/g, "");
}

/**
 * A From header's name and address (`PaxelBox <no-reply@paxelbox.example>`), so the address wraps
 * as one piece; a bare address has no name.
 */
export function splitAddress(header: string): { name: string | null; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(header);
  if (!match) return { name: null, address: header.trim() };
  return { name: match[1] || null, address: match[2] ?? "" };
}

/** UTC+7: Western Indonesia Time (WIB), the zone of every locker and of the messages' own times. */
const wibOffsetMinutes = 7 * 60;

/**
 * When a message was received, in WIB as the messages write their times: the same text on the server
 * and in any browser, whatever its zone, so the page needs no clock of the server's to hydrate.
 */
export function formatReceivedAt(value: DateInput, language: Language): string {
  return `${formatDateTime(value, language, wibOffsetMinutes)} WIB`;
}

import { describe, expect, it } from "vitest";
import en from "./en";
import enNotifications from "./en/notifications.json";
import id from "./id";
import idNotifications from "./id/notifications.json";

type Tree = { readonly [key: string]: unknown };

/** Every text of a tree of messages, with its key. */
const textsOf = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === "string") return [[`${prefix}${key}`, value]];
    if (Array.isArray(value)) return value.map((line, index) => [`${prefix}${key}.${index}`, String(line)]);
    return value && typeof value === "object" ? textsOf(value as Tree, `${prefix}${key}.`) : [];
  });

/**
 * The words people read, held to one wording across screens and the messages that lead to them: a
 * thing has one name in each language, and the same action reads the same on every screen.
 */
describe("one wording across screens and messages", () => {
  it("names the overdue fee 'biaya perpanjang sewa' in Indonesian, as the header and the messages do", () => {
    // The overdue view's cost section is the extension's cost ("Extension cost"), not the fee's name.
    const other = textsOf(id).filter(
      ([key, text]) => key !== "rent.overdue.costTitle" && /biaya perpanjangan/i.test(text),
    );
    expect(other).toEqual([]);
    expect(id.rent.overdue.intro).toMatch(/biaya perpanjang sewa/);
    expect(id.rent.countdown.inStoreHint).toMatch(/biaya perpanjang sewa/);
  });

  it("reads the same on both buttons that lead back to an order", () => {
    for (const messages of [id, en]) {
      expect(messages.dropOff.overdue.toOrder).toBe(messages.rent.action.cancelSuccess.button);
    }
  });

  it("writes 'email' in English, as the form labels do ('Email Address', 'Email'), never 'e-mail'", () => {
    expect(en.dropOff.overdue.email).toBe("Email");
    const hyphenated = [...textsOf(en), ...textsOf(enNotifications, "notifications.")].filter(([, text]) =>
      /e-mail/i.test(text),
    );
    expect(hyphenated).toEqual([]);
  });

  it("repeats in the guest book's e-mails the purpose the person chose on the form", () => {
    for (const [messages, notifications] of [
      [id, idNotifications],
      [en, enNotifications],
    ] as const) {
      expect(notifications.purpose.paxelbox_locker).toBe(messages.marketing.guestBook.purposeLocker);
      expect(notifications.purpose.advertise_in_paxelbox).toBe(messages.marketing.guestBook.purposeAdvertise);
    }
  });

  it("names the product by its configured name ({{product}}), never by a name written in", () => {
    // The debug page names the native bridge objects, which are code, not the product's name.
    const written = [
      ...textsOf(id),
      ...textsOf(en),
      ...textsOf(idNotifications, "notifications."),
      ...textsOf(enNotifications, "notifications."),
    ].filter(([key, text]) => !key.startsWith("debug.") && /Paxel/.test(text.replaceAll("{{product}}", "")));
    expect(written).toEqual([]);
  });

  it("names an order 'order' in Indonesian, as the header does (spec: Detail Order), never 'pesanan'", () => {
    expect(id.header.orderDetail).toBe("Detail Order");
    const other = [...textsOf(id), ...textsOf(idNotifications, "notifications.")].filter(([, text]) =>
      /pesanan/i.test(text),
    );
    expect(other).toEqual([]);
  });
});

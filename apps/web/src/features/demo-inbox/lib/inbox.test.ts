import type { DemoOutboxEntry } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { formatPhoneNumber, isWebLink, recipientFilter, splitAddress, splitLinks, toInbox } from "./inbox";

const entry = (id: string, overrides: Partial<DemoOutboxEntry>): DemoOutboxEntry => ({
  id,
  channel: "whatsapp",
  to: "62811222233333",
  template: "dropoff_stored",
  language: "id",
  text: `message ${id}`,
  links: [],
  status: "delivered",
  receivedAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

describe("toInbox", () => {
  it("puts each number's messages in one conversation per channel, oldest first, newest conversation first", () => {
    const inbox = toInbox([
      entry("b2", { to: "62812000000001", receivedAt: "2026-03-01T10:05:00.000Z" }),
      entry("a2", { receivedAt: "2026-03-01T10:04:00.000Z" }),
      entry("a1", { receivedAt: "2026-03-01T10:01:00.000Z" }),
      entry("b1", { to: "62812000000001", receivedAt: "2026-03-01T10:02:00.000Z" }),
    ]);
    expect(inbox.conversations.map((c) => [c.key, c.messages.map((m) => m.id)])).toEqual([
      ["whatsapp:62812000000001", ["b1", "b2"]],
      ["whatsapp:62811222233333", ["a1", "a2"]],
    ]);
    expect(inbox.emails).toEqual([]);
  });

  it("keeps another channel to the same number apart, and e-mails in a list, newest first", () => {
    const inbox = toInbox([
      entry("mail-old", { channel: "email", to: "rina@example.com", receivedAt: "2026-03-01T09:00:00.000Z" }),
      entry("wa", { receivedAt: "2026-03-01T10:00:00.000Z" }),
      entry("mail-new", { channel: "email", to: "rina@example.com", receivedAt: "2026-03-01T11:00:00.000Z" }),
      // A channel the schema may add (SMS): a conversation of its own.
      entry("sms", {
        channel: "sms" as DemoOutboxEntry["channel"],
        receivedAt: "2026-03-01T10:30:00.000Z",
      }),
    ]);
    expect(inbox.conversations.map((c) => [c.channel, c.to, c.messages.map((m) => m.id)])).toEqual([
      ["sms", "62811222233333", ["sms"]],
      ["whatsapp", "62811222233333", ["wa"]],
    ]);
    expect(inbox.emails.map((m) => m.id)).toEqual(["mail-new", "mail-old"]);
  });

  it("is empty for an empty outbox", () => {
    expect(toInbox([])).toEqual({ conversations: [], emails: [] });
  });
});

describe("splitLinks", () => {
  it("cuts the text at its links, where they stand", () => {
    const link = "http://localhost:3000/order?orderid=7&token=abc";
    expect(splitLinks(`Buka link ini: ${link} sekarang`, [link])).toEqual({
      parts: [
        { kind: "text", text: "Buka link ini: " },
        { kind: "link", href: link, text: link },
        { kind: "text", text: " sekarang" },
      ],
      rest: [],
    });
  });

  it("finds a link each time it is written, the longer of two that start alike, and a link at the start", () => {
    const short = "https://paxelbox.example/a";
    const long = "https://paxelbox.example/a/white-paper.pdf";
    const { parts } = splitLinks(`${long}\n${short} dan ${short}`, [short, long]);
    expect(parts).toEqual([
      { kind: "link", href: long, text: long },
      { kind: "text", text: "\n" },
      { kind: "link", href: short, text: short },
      { kind: "text", text: " dan " },
      { kind: "link", href: short, text: short },
    ]);
  });

  it("leaves anything but an http(s) link as text, and markup as text", () => {
    const text = "<b>javascript:alert(1)</b> data:text/html,x //evil.example";
    const { parts, rest } = splitLinks(text, ["javascript:alert(1)", "data:text/html,x", "//evil.example"]);
    expect(parts).toEqual([{ kind: "text", text }]);
    expect(rest).toEqual([]);
  });

  it("gives the web links the text does not write out, in their order", () => {
    expect(
      splitLinks("Halo", [
        "https://b.example/",
        "ftp://x.example/",
        "https://a.example/",
        "https://b.example/",
      ]),
    ).toEqual({
      parts: [{ kind: "text", text: "Halo" }],
      rest: ["https://b.example/", "https://a.example/"],
    });
  });
});

describe("isWebLink", () => {
  it.for([
    ["https://paxelbox.example/order?orderid=1", true],
    ["HTTP://localhost:3000/x", true],
    ["javascript:alert(1)", false],
    ["data:text/html;base64,PHNjcmlwdD4=", false],
    ["/order?orderid=1", false],
    ["https://", false],
  ] as const)("%s → %s", ([link, expected]) => {
    expect(isWebLink(link)).toBe(expected);
  });
});

describe("formatPhoneNumber", () => {
  it.for([
    ["6281122223333", "+62 811-2222-3333"],
    ["62811222233333", "+62 811-2222-33333"],
    ["+6281234567890", "+62 812-3456-7890"],
    ["6581234567", "+6581234567"],
    ["6212", "+6212"],
  ] as const)("%s → %s", ([number, shown]) => {
    expect(formatPhoneNumber(number)).toBe(shown);
  });
});

describe("recipientFilter", () => {
  it.for([
    ["  0811-2222-3333 ", "081122223333"],
    ["+62 (811) 2222.3333", "+6281122223333"],
    [" Rina.Kartika@Example.com ", "Rina.Kartika@Example.com"],
    ["", ""],
  ] as const)("%j → %j", ([typed, filter]) => {
    expect(recipientFilter(typed)).toBe(filter);
  });
});

describe("splitAddress", () => {
  it.for([
    ["PaxelBox <no-reply@paxelbox.localhost>", { name: "PaxelBox", address: "no-reply@paxelbox.localhost" }],
    ['"Tim Paxel" <tim@paxel.example>', { name: "Tim Paxel", address: "tim@paxel.example" }],
    ["<no-reply@paxelbox.localhost>", { name: null, address: "no-reply@paxelbox.localhost" }],
    [" no-reply@paxelbox.localhost ", { name: null, address: "no-reply@paxelbox.localhost" }],
  ] as const)("%s", ([header, parts]) => {
    expect(splitAddress(header)).toEqual(parts);
  });
});

// @vitest-environment jsdom
// The messages the route registers before it renders.
import "../../../lib/i18n/messages/demo-inbox";
import type { DemoOutboxEntry } from "@paxelbox/contract";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { testRoot } from "../../../../test/test-root";
import { createI18n, ensureLanguage, I18nProvider, type Language } from "../../../lib/i18n/i18n";
import { InboxPage, type InboxPageProps } from "./inbox-page";

const orderLink = "http://localhost:3000/order?orderid=7&token=abc";

const whatsapp = (id: string, overrides: Partial<DemoOutboxEntry> = {}): DemoOutboxEntry => ({
  id,
  channel: "whatsapp",
  to: "6281122223333",
  template: "dropoff_stored",
  language: "id",
  text: `Halo Rina, buka link ini: ${orderLink}`,
  links: [orderLink],
  status: "delivered",
  receivedAt: "2026-03-01T10:00:00.000Z",
  ...overrides,
});

const receipt: DemoOutboxEntry = {
  id: "<m1@paxelbox>",
  channel: "email",
  to: "rina@example.com",
  from: "PaxelBox <no-reply@paxelbox.localhost>",
  template: "dropoff_fee_receipt",
  subject: "Payment received: INV-1",
  language: "en",
  text: "Hi Rina,\n<script>alert(1)</script> javascript:alert(1)\nInvoice number: INV-1",
  links: ["javascript:alert(1)", "https://paxelbox.example/help"],
  status: "delivered",
  receivedAt: "2026-03-01T11:00:00.000Z",
};

describe("InboxPage", () => {
  const dom = testRoot();

  async function render(props: Partial<InboxPageProps>, language: Language = "id") {
    await ensureLanguage(language);
    const i18n = createI18n(language, { product: "Paxel" });
    const page = { to: "", invalid: false, entries: [], lang: null, ...props };
    const Stub = createRoutesStub([{ path: "/demo/inbox", Component: () => <InboxPage {...page} /> }]);
    await dom.render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={["/demo/inbox"]} />
      </I18nProvider>,
    );
  }

  const all = (selector: string) => [...dom.container.querySelectorAll<HTMLElement>(selector)];

  it("shows one number's WhatsApp messages as one conversation, oldest first, with their ticks", async () => {
    await render({
      entries: [
        whatsapp("second", { status: "read", receivedAt: "2026-03-01T10:05:00.000Z" }),
        whatsapp("first", { status: "sent" }),
        whatsapp("other", { to: "6281299990000", status: "failed", receivedAt: "2026-03-01T09:00:00.000Z" }),
      ],
    });
    const conversations = all('[data-testid="conversation"]');
    expect(conversations.map((c) => c.dataset.to)).toEqual(["6281122223333", "6281299990000"]);
    expect(conversations[0]?.querySelector("h3")?.textContent).toBe("PaxelBox ke +62 811-2222-3333");
    const statuses = all('[data-testid="conversation"]:first-child [data-testid="message-status"]');
    expect(statuses.map((s) => [s.dataset.status, s.textContent])).toEqual([
      ["sent", "Terkirim"],
      ["read", "Dibaca"],
    ]);
    expect(all('[data-testid="message-status"][data-status="failed"]')[0]?.textContent).toBe("Gagal");
    // Two ticks once delivered, one when only sent.
    expect(statuses.map((s) => s.querySelectorAll("path").length)).toEqual([1, 2]);
    expect(all('[data-testid="message-link"]').map((a) => a.getAttribute("href"))).toEqual([
      orderLink,
      orderLink,
      orderLink,
    ]);
    expect(dom.$("inbox-emails")?.textContent).toContain("Belum ada email.");
  });

  it("shows an e-mail's text as text, and only its http(s) links as links", async () => {
    await render({ entries: [receipt] }, "en");
    const mail = dom.$("mail") as HTMLElement;
    expect(mail.querySelector("h3")?.textContent).toBe("Payment received: INV-1");
    expect(mail.querySelector("script")).toBeNull();
    expect(mail.querySelector("p[lang='en']")?.textContent).toBe(receipt.text);
    expect([...mail.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "https://paxelbox.example/help",
    ]);
    expect(mail.querySelector("dd")?.textContent).toBe("PaxelBox <no-reply@paxelbox.localhost>");
    expect(dom.$("inbox-phones")?.textContent).toContain("No WhatsApp or SMS messages yet.");
  });

  it("shows only what one recipient received", async () => {
    await render({ to: "rina@example.com", entries: [receipt] });
    expect(dom.$("inbox-emails")).not.toBeNull();
    expect(dom.$("inbox-phones")).toBeNull();
  });

  it("says there is no message yet, for whom, and how to make one", async () => {
    await render({ to: "081299990000" });
    expect(dom.$("inbox-empty")?.querySelector("h2")?.textContent).toBe("Belum ada pesan untuk 081299990000");
    expect(all('[data-testid="inbox-empty"] a').map((a) => a.getAttribute("href"))).toEqual([
      "/api/demo/scenarios/package-form/open",
      "/demo/kiosk",
      "/api/demo/scenarios/dropoff-overdue-need-to-pay/open",
      "/guest-book?business_type=Business",
    ]);
  });

  it("marks a wrong filter and keeps what was typed, with no messages", async () => {
    await render({ to: "rina@", invalid: true, lang: "en" }, "en");
    const input = dom.$("inbox-to") as HTMLInputElement;
    expect(input.value).toBe("rina@");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(dom.$("field-error")?.textContent).toBe("Write a phone number (0812…) or an email address.");
    expect(dom.$("inbox-empty")).toBeNull();
    // The language the address named goes with the next filter.
    expect(dom.container.querySelector<HTMLInputElement>('input[name="lang"]')?.value).toBe("en");
  });
});

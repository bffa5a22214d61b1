// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from "vitest";
import { testRoot } from "../../../test/test-root";
import { createI18n, ensureLanguage, I18nProvider } from "../../lib/i18n/i18n";
import { DoorQrCard } from "./door-qr-card";

describe("<DoorQrCard>", () => {
  const dom = testRoot();
  const { $ } = dom;

  beforeAll(() => ensureLanguage("en"));

  async function render(value: string | null, offlineHint?: boolean) {
    await dom.render(
      <I18nProvider i18n={createI18n("en", { product: "Paxel" })}>
        <DoorQrCard
          title="Pick-up QR code"
          value={value}
          label="QR code to open door 12"
          doorLabel="Door"
          doorNumber="12"
          instruction="Scan it at the locker to open door 12."
          missing="The code has expired."
          offlineHint={offlineHint}
          testId="card"
        >
          <p data-testid="extra">Valid until 10:00</p>
        </DoorQrCard>
      </I18nProvider>,
    );
  }

  it("shows the QR, the door number under it, the next step and the offline hint, named by its heading", async () => {
    await render("PXB-123");
    const card = $("card");
    const heading = card?.querySelector("h2");
    expect(heading?.textContent).toBe("Pick-up QR code");
    expect(card?.getAttribute("aria-labelledby")).toBe(heading?.id);
    expect($("qr")).not.toBeNull();
    expect($("qr-missing")).toBeNull();
    expect($("qr-door")?.textContent).toBe("Door12");
    expect(card?.textContent).toContain("Scan it at the locker to open door 12.");
    expect($("offline-qr-hint")).not.toBeNull();
    expect($("extra")).not.toBeNull();
  });

  it("says what is missing in place of the QR and its instruction, and leaves the hint out when told", async () => {
    await render(null);
    expect($("qr")).toBeNull();
    expect($("qr-missing")?.textContent).toBe("The code has expired.");
    expect($("card")?.textContent).not.toContain("Scan it");
    expect($("offline-qr-hint")).toBeNull();
    await render("PXB-123", false);
    expect($("offline-qr-hint")).toBeNull();
  });
});

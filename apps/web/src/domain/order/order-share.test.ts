// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { testOrder } from "../../../test/test-order";
import { createI18n, ensureLanguage } from "../../lib/i18n/i18n";
import { storage } from "../../lib/offline/storage";
import enShell from "../../locales/en/shell.json";
import idShell from "../../locales/id/shell.json";
import {
  isShareable,
  keepShownOrder,
  shareableStoredOrder,
  sharePayload,
  showsShareButton,
} from "./order-share";

const finished = ["CUSTOMER_TAKEN", "TAKEN_BY_SYSTEM", "OPERATOR_PICK", "OPERATOR_TAKEN", "CANCEL"];

describe("share rules (spec §4)", () => {
  it("shows the share button on six statuses and shares the first five", () => {
    for (const status of finished) {
      expect(showsShareButton(status), status).toBe(true);
      expect(isShareable(status), status).toBe(true);
    }
    expect(showsShareButton("CUSTOMER_STORE")).toBe(true);
    expect(isShareable("CUSTOMER_STORE")).toBe(false);
    for (const status of ["IN_STORE", "IMPORTED", "SOMETHING_NEW"]) {
      expect(showsShareButton(status), status).toBe(false);
      expect(isShareable(status), status).toBe(false);
    }
  });

  describe("the stored order", () => {
    beforeEach(() => window.localStorage.clear());

    it("shares the order a screen showed last, only in a shareable status", () => {
      expect(shareableStoredOrder()).toBeNull();
      keepShownOrder(testOrder({ id: 9, status: "CUSTOMER_TAKEN" }));
      expect(storage.get("order_id")).toBe("9");
      expect(shareableStoredOrder()).toMatchObject({ id: 9, status: "CUSTOMER_TAKEN" });
      keepShownOrder(testOrder({ id: 9, status: "CUSTOMER_STORE" }));
      expect(shareableStoredOrder()).toBeNull();
    });
  });
});

describe("share payload (spec §7)", () => {
  it("carries the status label the screen shows, in the screen's language, not the raw status", async () => {
    await ensureLanguage("en");
    const en = createI18n("en", { product: "Paxel" }).t;
    const id = createI18n("id", { product: "Paxel" }).t;
    const order = testOrder({ status: "CUSTOMER_TAKEN" });
    expect(sharePayload(order, en)).toEqual({
      recipientName: order.recipientName,
      expressNumber: order.expressNumber,
      status: enShell.status.CUSTOMER_TAKEN,
      box: { name: "Stasiun Sudirman", address: "Jl. Jend. Sudirman No. 1, Jakarta", door: "12" },
      paymentInfo: "Virtual Account · Rp. 18.000",
    });
    expect(sharePayload(order, id).status).toBe(idShell.status.CUSTOMER_TAKEN);
    expect(sharePayload(testOrder({ status: "OPERATOR_TAKEN" }), en).status).toBe(
      enShell.status.OPERATOR_PICK,
    );
    expect(sharePayload(testOrder({ status: "SOMETHING_NEW" }), id).status).toBe("SOMETHING_NEW");
  });

  it("reads the payment as method · amount, leaving out what the order lacks", () => {
    const t = createI18n("en", { product: "Paxel" }).t;
    const paid = (overrides: Parameters<typeof testOrder>[0]) =>
      sharePayload(testOrder(overrides), t).paymentInfo;
    const noFee = { admin_fee: { amount: 0, total_amount: 0 } };
    expect(paid({ paymentMethod: "QRIS", payOfAmount: 15000, ...noFee })).toBe("QRIS · Rp. 15.000");
    expect(paid({ paymentMethod: null })).toBe("Virtual Account · Rp. 18.000");
    expect(paid({ paymentMethod: null, payment_detail: null })).toBe("Rp. 18.000");
    expect(paid({ paymentMethod: "QRIS", payOfAmount: 0, ...noFee })).toBe("QRIS");
  });
});

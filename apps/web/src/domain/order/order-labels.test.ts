import { MouthTypeName, OrderStatus } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import en from "../../locales/en.ts";
import { doorSizeLabelKey, doorSizeLabelKeys } from "./door-size-label";
import { statusPresentation } from "./order-status";

function english(key: string | undefined): string | undefined {
  if (!key) return undefined;
  let node: unknown = en;
  const [group, ...rest] = key.split(".");
  node = (node as Record<string, unknown>)[group ?? ""];
  return (node as Record<string, string>)[rest.join(".")];
}

describe("status labels (spec §4)", () => {
  it("labels and colours every known status", () => {
    const expected: Record<string, [string, string]> = {
      IMPORTED: ["To be opened", "green"],
      IN_STORE: ["Package inside The Locker", "amber"],
      CUSTOMER_TAKEN: ["Taken By Customer", "purple"],
      CANCEL: ["Cancelled", "red"],
      TAKEN_BY_SYSTEM: ["Ended by System", "purple"],
      OPERATOR_TAKEN: ["Operator Pickup Item(s)", "purple"],
      OPERATOR_PICK: ["Operator Pickup Item(s)", "purple"],
    };
    for (const [status, [label, tone]] of Object.entries(expected)) {
      const presentation = statusPresentation(status);
      expect(english(presentation.labelKey), status).toBe(label);
      expect(presentation.tone, status).toBe(tone);
    }
  });

  it("shows other statuses raw, in purple", () => {
    expect(statusPresentation("CUSTOMER_STORE")).toEqual({ raw: "CUSTOMER_STORE", tone: "purple" });
    expect(statusPresentation("SOMETHING_NEW")).toEqual({ raw: "SOMETHING_NEW", tone: "purple" });
    expect(OrderStatus.options).toContain("CUSTOMER_STORE");
  });
});

describe("door sizes (spec §3)", () => {
  it("names every door size of the contract", () => {
    expect(Object.keys(doorSizeLabelKeys).sort()).toEqual([...MouthTypeName.options].sort());
    const expected: Record<string, string> = {
      L: "Large",
      M: "Medium",
      S: "Small",
      XL: "Extra Large",
      "S Food": "Small Food",
      "M Food": "Medium Food",
      "L Food": "Large Food",
      "XL Food": "Extra Large Food",
      SELIBOX: "Seli Box",
    };
    for (const [size, label] of Object.entries(expected))
      expect(english(doorSizeLabelKey(size)), size).toBe(label);
    expect(doorSizeLabelKey("XXL")).toBeUndefined();
  });
});

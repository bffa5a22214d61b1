// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testOrder } from "../../../../test/test-order";
import { ApiError } from "../../../lib/http/api-error";
import { storage } from "../../../lib/offline/storage";
import { fetchOverdueQr, keptOverdueQr } from "./overdue-qr";

const request = vi.hoisted(() => vi.fn());
vi.mock("../../../lib/http/api-client", () => ({ request }));

describe("overdue QR (spec §7, §8)", () => {
  beforeEach(() => {
    localStorage.clear();
    request.mockReset();
  });

  it("keeps the QR the server issues as qrOverdue", async () => {
    request.mockResolvedValue({ qrcode: "PXB-X-1234567890ABCDEF", expiresAt: 1_700_000_900_000 });
    expect(await fetchOverdueQr(testOrder(), "tok")).toBe("PXB-X-1234567890ABCDEF");
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ id: "overdueQr" }), {
      body: { id: 42, status: "IN_STORE" },
      token: "tok",
    });
    expect(storage.get("qrOverdue")).toEqual({
      orderId: 42,
      code: "PXB-X-1234567890ABCDEF",
      expiresAt: 1_700_000_900_000,
    });
  });

  it("falls back to the order's customer-take QR when the call fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    request.mockRejectedValue(
      new ApiError({ status: 409, code: 409, message: "no", kind: "http", callId: "overdueQr" }),
    );
    expect(await fetchOverdueQr(testOrder(), "tok")).toBe("PXB-T-AAAAAAAAAAAAAAAA");
    expect(storage.get("qrOverdue")).toEqual({
      orderId: 42,
      code: "PXB-T-AAAAAAAAAAAAAAAA",
      expiresAt: null,
    });
  });

  it("gives the kept code to its own order while it opens the door, and to no other", () => {
    storage.set("qrOverdue", { orderId: 42, code: "PXB-X-1", expiresAt: 1_000 });
    expect(keptOverdueQr(42, 999)).toBe("PXB-X-1");
    expect(keptOverdueQr(42, 1_000)).toBeNull();
    expect(keptOverdueQr(43, 999)).toBeNull();
    storage.set("qrOverdue", { orderId: 42, code: "PXB-T-1", expiresAt: null });
    expect(keptOverdueQr(42, Number.MAX_SAFE_INTEGER)).toBe("PXB-T-1");
    // A code kept by an earlier release, as text: no order, no end.
    localStorage.setItem("qrOverdue", "PXB-X-0000000000000000");
    expect(keptOverdueQr(42, 0)).toBeNull();
  });
});

// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testOrder } from "../../../../test/test-order";
import { ApiError } from "../../../lib/http/api-error";
import { storage } from "../../../lib/offline/storage";
import { fetchOverdueQr } from "./overdue-qr";

const request = vi.hoisted(() => vi.fn());
vi.mock("../../../lib/http/api-client", () => ({ request }));

describe("overdue QR (spec §7, §8)", () => {
  beforeEach(() => {
    localStorage.clear();
    request.mockReset();
  });

  it("keeps the QR the server issues as qrOverdue", async () => {
    request.mockResolvedValue({ qrcode: "PXB-X-1234567890ABCDEF" });
    expect(await fetchOverdueQr(testOrder(), "tok")).toBe("PXB-X-1234567890ABCDEF");
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ id: "overdueQr" }), {
      body: { id: 42, status: "IN_STORE" },
      token: "tok",
    });
    expect(storage.get("qrOverdue")).toBe("PXB-X-1234567890ABCDEF");
  });

  it("falls back to the order's customer-take QR when the call fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    request.mockRejectedValue(
      new ApiError({ status: 409, code: 409, message: "no", kind: "http", callId: "overdueQr" }),
    );
    expect(await fetchOverdueQr(testOrder(), "tok")).toBe("PXB-T-AAAAAAAAAAAAAAAA");
    expect(storage.get("qrOverdue")).toBe("PXB-T-AAAAAAAAAAAAAAAA");
  });
});

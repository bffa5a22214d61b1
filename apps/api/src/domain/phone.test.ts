import { describe, expect, it } from "vitest";
import { toE164 } from "./phone.ts";

describe("toE164", () => {
  it("writes the Indonesian forms as E.164 digits without the plus", () => {
    expect(toE164("0811222233333")).toBe("62811222233333");
    expect(toE164("081234567801")).toBe("6281234567801");
    expect(toE164("6281234567801")).toBe("6281234567801");
    expect(toE164("+6281234567801")).toBe("6281234567801");
    expect(toE164(" +62 812-3456-7801 ")).toBe("6281234567801");
    expect(toE164("(0812) 3456.7801")).toBe("6281234567801");
    expect(toE164("+62 0812 3456 7801")).toBe("6281234567801");
  });

  it("refuses other countries, landlines and wrong lengths", () => {
    for (const phone of [
      "",
      "812345678",
      "+14155550123",
      "+6521234567",
      "0215551234",
      "+62215551234",
      "0812345",
      "08123456789012345",
      "0812abc45678",
      "++6281234567801",
    ]) {
      expect(toE164(phone), phone).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { countedAddress } from "./rate-limit.ts";

describe("countedAddress", () => {
  it("counts an IPv6 client by its /64, however the address is written", () => {
    for (const address of [
      "2001:db8:1:2::65",
      "2001:db8:1:2::a3",
      "2001:DB8:1:2:0:0:0:A3",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "[2001:db8:1:2::1]",
      "2001:db8:1:2::1%eth0",
      " 2001:db8:1:2:1:2:192.0.2.1 ",
    ]) {
      expect(countedAddress(address), address).toBe("2001:db8:1:2::/64");
    }
    expect(countedAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(countedAddress("::1")).toBe("0:0:0:0::/64");
    expect(countedAddress("fe80::1%lo0")).toBe("fe80:0:0:0::/64");
  });

  it("counts IPv4, mapped into IPv6 or not, by the whole address", () => {
    expect(countedAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(countedAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(countedAddress("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(countedAddress("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keeps what is no address as it is", () => {
    expect(countedAddress("unknown")).toBe("unknown");
    expect(countedAddress("2001:db8::1::2")).toBe("2001:db8::1::2");
  });
});

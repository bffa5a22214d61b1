// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { keepPackage, keptPackage, keptPackageMs, keptPackages } from "./kept-package";
import type { PackageSent } from "./package-form";

const sent = (qr = "data:image/png;base64,AAAA"): PackageSent => ({
  sent: true,
  qr,
  size: "M",
  values: {
    sender_name: "Kurir Paxel",
    recipient_name: "Rina Kartika",
    recipient_mobile_number: "081122223333",
    locker_location: "Monas",
    package_size: "M",
    package_photo: "data:image/jpeg;base64,BBBB",
    slider_verification: "100",
  },
  photoBytes: 2048,
});
const now = 1_800_000_000_000;

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe("the parcels a tab registered", () => {
  it("are kept for the tab, each for its page and box, while its QR is valid", () => {
    keepPackage("k1", 3, sent(), now);
    expect(window.localStorage.length).toBe(0);
    expect(keptPackage("k1", 3, now + 1000)).toEqual(sent());
    expect(keptPackage("k2", 3, now + 1000)).toBeNull();
    expect(keptPackage("k1", 4, now + 1000)).toBeNull();
    expect(keptPackage("k1", 3, now + keptPackageMs - 1)).toEqual(sent());
    expect(keptPackage("k1", 3, now + keptPackageMs)).toBeNull();
  });

  it("are not trusted when the phone's clock went back past them", () => {
    keepPackage("k1", 3, sent(), now);
    expect(keptPackage("k1", 3, now - 1)).toBeNull();
  });

  it("keep the pages before a new one, the last few", () => {
    keepPackage("k1", 3, sent("data:image/png;base64,K1"), now);
    keepPackage("k2", 3, sent("data:image/png;base64,K2"), now + 1);
    expect(keptPackage("k1", 3, now + 2)?.qr).toBe("data:image/png;base64,K1");
    expect(keptPackage("k2", 3, now + 2)?.qr).toBe("data:image/png;base64,K2");
    // The same page sending again (a new answer) replaces its own.
    keepPackage("k2", 3, sent("data:image/png;base64,K2b"), now + 3);
    expect(keptPackage("k2", 3, now + 4)?.qr).toBe("data:image/png;base64,K2b");
    expect(keptPackage("k1", 3, now + 4)?.qr).toBe("data:image/png;base64,K1");
    for (let i = 0; i < keptPackages + 2; i++) keepPackage(`n${i}`, 3, sent(), now + 10 + i);
    expect(keptPackage("n0", 3, now + 100)).toBeNull();
    expect(keptPackage(`n${keptPackages + 1}`, 3, now + 100)).not.toBeNull();
  });
});

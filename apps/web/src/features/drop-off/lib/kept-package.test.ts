// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { forgetPackage, keepPackage, keptPackage, keptPackageMs } from "./kept-package";
import type { PackageSent } from "./package-form";

const sent: PackageSent = {
  sent: true,
  qr: "data:image/png;base64,AAAA",
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
};
const now = 1_800_000_000_000;

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe("the parcel a tab registered", () => {
  it("is kept for the tab, for its box, while its QR is valid", () => {
    keepPackage(3, sent, now);
    expect(window.localStorage.length).toBe(0);
    expect(keptPackage(3, now + 1000)).toEqual(sent);
    expect(keptPackage(4, now + 1000)).toBeNull();
    expect(keptPackage(3, now + keptPackageMs - 1)).toEqual(sent);
    expect(keptPackage(3, now + keptPackageMs)).toBeNull();
  });

  it("is not trusted when the phone's clock went back past it", () => {
    keepPackage(3, sent, now);
    expect(keptPackage(3, now - 1)).toBeNull();
  });

  it("is forgotten for a new form, and replaced by the next parcel", () => {
    keepPackage(3, sent, now);
    forgetPackage();
    expect(keptPackage(3, now)).toBeNull();
    keepPackage(3, sent, now);
    keepPackage(5, { ...sent, qr: "data:image/png;base64,CCCC" }, now);
    expect(keptPackage(3, now)).toBeNull();
    expect(keptPackage(5, now)?.qr).toBe("data:image/png;base64,CCCC");
  });
});

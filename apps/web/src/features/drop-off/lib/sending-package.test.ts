// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { forgetSending, keepSending, sendingPackage, sendingPackageMs } from "./sending-package";

const now = 1_800_000_000_000;
const photoBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 250, 0xff, 0xd9]);

function posted(): FormData {
  const formData = new FormData();
  formData.append("sender_name", "Kurir Paxel");
  formData.append("send_key", "a1b2c3");
  formData.append("package_photo", new File([photoBytes], "parcel.jpg", { type: "image/jpeg" }));
  formData.append("slider_verification", "100");
  return formData;
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe("a parcel's post on its way", () => {
  it("is kept for the tab and given back to its page, with its photo's bytes", async () => {
    await keepSending("k1", 3, "/package?boxId=3", posted(), now);
    expect(window.localStorage.length).toBe(0);
    const again = sendingPackage("k1", 3, now + 1000);
    expect(again?.action).toBe("/package?boxId=3");
    const fields = [...(again?.formData ?? [])];
    expect(fields.map(([name]) => name)).toEqual([
      "sender_name",
      "send_key",
      "package_photo",
      "slider_verification",
    ]);
    expect(again?.formData.get("send_key")).toBe("a1b2c3");
    const photo = again?.formData.get("package_photo") as File;
    expect(photo.name).toBe("parcel.jpg");
    expect(photo.type).toBe("image/jpeg");
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(photoBytes);
  });

  it("is only for the page and box that sent it, only while recent, and not from a clock gone back", async () => {
    await keepSending("k1", 3, "/package?boxId=3", posted(), now);
    expect(sendingPackage("k2", 3, now)).toBeNull();
    expect(sendingPackage("k1", 4, now)).toBeNull();
    expect(sendingPackage("k1", 3, now + sendingPackageMs - 1)).not.toBeNull();
    expect(sendingPackage("k1", 3, now + sendingPackageMs)).toBeNull();
    expect(sendingPackage("k1", 3, now - 1)).toBeNull();
  });

  it("is forgotten once its answer came, but not for another page's answer", async () => {
    await keepSending("k1", 3, "/package?boxId=3", posted(), now);
    forgetSending("k2");
    expect(sendingPackage("k1", 3, now)).not.toBeNull();
    forgetSending("k1");
    expect(sendingPackage("k1", 3, now)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});

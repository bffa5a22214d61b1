// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { testMember } from "../../../test/test-member";
import { recallOffline, rememberOffline } from "../../lib/offline/offline-cache";
import { storage } from "../../lib/offline/storage";
import * as session from "./member-session";

const sari = testMember();
const budi = testMember({ first_name: "Budi", member_code: "PXM-2" });

beforeEach(() => window.localStorage.clear());

describe("member session (spec §5, §6)", () => {
  it("reads the link's token, trimmed, and nothing from a blank one", () => {
    expect(session.linkToken(new URLSearchParams("orderid=1&token=%20abc%20"))).toBe("abc");
    expect(session.linkToken(new URLSearchParams("orderid=1&token=%20"))).toBeNull();
    expect(session.linkToken(new URLSearchParams("orderid=1"))).toBeNull();
  });

  it("keeps a validated member and gives them back for their own token only", () => {
    expect(session.storedSession()).toEqual({ token: null, user: null });
    session.keepMember(sari, "token-sari");
    expect(session.storedSession()).toEqual({ token: "token-sari", user: sari });
    expect(session.storedMemberFor("token-sari")).toEqual(sari);
    expect(session.storedMemberFor("token-other")).toBeNull();
  });

  it("drops another member's kept copies when a member is kept, and everything when forgotten", () => {
    session.keepMember(sari, "token-sari");
    rememberOffline("order:7", { id: 7 });
    session.keepMember(sari, "token-sari");
    expect(recallOffline("order:7")).not.toBeNull();
    session.keepMember(budi, "token-budi");
    expect(recallOffline("order:7")).toBeNull();
    rememberOffline("order:8", { id: 8 });
    session.forgetMember();
    expect(session.storedSession()).toEqual({ token: null, user: null });
    expect(storage.get("offline_cache")).toBeNull();
  });

  it("leaves no order, code or overdue detail of one member to the next on a shared device", () => {
    const kept = () =>
      [
        storage.get("order_data"),
        storage.get("order_id"),
        storage.get("bloburl"),
        storage.get("qrOverdue"),
        storage.get("lockerUserData"),
        storage.get("overdue"),
        storage.get("overdue_dropoff_data"),
      ].filter((value) => value !== null).length;
    const keepOrderOf = () => {
      storage.set("order_data", { id: 7, recipientName: "Sari" } as never);
      storage.set("order_id", "7");
      storage.set("bloburl", "data:image/png;base64,AAAA");
      storage.set("isBase64", true);
      storage.set("qrOverdue", { orderId: 7, code: "PXB-X-0000000000000000", expiresAt: 1 });
      storage.set("lockerUserData", [{ expressNumber: "PXB7", openFrequency: 2 }]);
      storage.set("overdue", "7");
      storage.set("overdue_dropoff_data", { id: 7, takeUserPhoneNumber: "0811222233333" } as never);
    };
    session.keepMember(sari, "token-sari");
    keepOrderOf();
    // The same member again (a new token from their app, or the same link): everything stays.
    session.keepMember(sari, "token-sari-2");
    expect(kept()).toBe(7);
    session.keepMember(budi, "token-budi");
    expect(kept()).toBe(0);
    expect(storage.get("isBase64")).toBeNull();
    // A drop-off recipient's link is its own owner; a refused token forgets it all too.
    session.keepMember({ ...sari, member_code: "" }, "link-token");
    keepOrderOf();
    session.forgetMember();
    expect(kept()).toBe(0);
  });

  it("forgets a refused or expired link's data when it is the link kept, and nothing else's", () => {
    const recipient = { ...sari, member_code: "" };
    session.keepMember(recipient, "link-token");
    rememberOffline("order:7", { id: 7 });
    // Another link expired (opened once on this device, or never): the kept one stays.
    session.forgetRefusedToken("other-link");
    session.forgetRefusedToken(null);
    expect(recallOffline("order:7")).not.toBeNull();
    session.forgetRefusedToken("link-token");
    expect(session.storedSession()).toEqual({ token: null, user: null });
    expect(recallOffline("order:7")).toBeNull();
    expect(storage.get("offline_cache")).toBeNull();
  });

  it("tells a refusal of the token (401) and a link's end (410) from other failures", () => {
    expect(session.refusesToken({ status: 401 })).toBe(true);
    expect(session.refusesToken({ status: 410 })).toBe(true);
    for (const other of [{ status: 403 }, { status: 500 }, { status: 0 }, null, undefined, new Error("x")]) {
      expect(session.refusesToken(other)).toBe(false);
    }
  });

  it("takes a member's language from their app, not a drop-off recipient's", () => {
    expect(session.memberLanguage(sari)).toBe("en");
    expect(session.memberLanguage({ ...sari, member_code: "" })).toBeNull();
  });
});

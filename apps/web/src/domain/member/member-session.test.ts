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

  it("takes a member's language from their app, not a drop-off recipient's", () => {
    expect(session.memberLanguage(sari)).toBe("en");
    expect(session.memberLanguage({ ...sari, member_code: "" })).toBeNull();
  });
});

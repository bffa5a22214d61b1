// @vitest-environment jsdom
import type { UserData } from "@paxelbox/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { keepMember } from "../../domain/member/member-session";
import { forgetOffline, offlineCacheLimit, recallOffline, rememberOffline } from "./offline-cache";
import { storage } from "./storage";

const budi: UserData = {
  email: "budi@example.com",
  first_name: "Budi",
  last_name: "Santoso",
  member_code: "M-001",
  phone: "0811",
  language: "id",
};
const sari: UserData = { ...budi, email: "sari@example.com", first_name: "Sari", member_code: "M-002" };
/** A drop-off recipient: no member code, known by the link's token. */
const recipient: UserData = { ...budi, member_code: "" };

const signIn = (user: UserData, token: string) => keepMember(user, token);

beforeEach(() => window.localStorage.clear());

describe("offline cache", () => {
  it("keeps a copy for the signed-in member and gives it back with its time", () => {
    signIn(budi, "token-budi");
    rememberOffline("order:7", { id: 7, status: "IN_STORE" }, 1_700_000_000_000);
    expect(recallOffline("order:7")).toEqual({
      data: { id: 7, status: "IN_STORE" },
      savedAt: 1_700_000_000_000,
    });
    expect(recallOffline("order:8")).toBeNull();
  });

  it("keeps nothing without a signed-in member", () => {
    rememberOffline("order:7", { id: 7 });
    expect(storage.get("offline_cache")).toBeNull();
    expect(recallOffline("order:7")).toBeNull();
  });

  it("drops every copy when another member's token is validated", () => {
    signIn(budi, "token-budi");
    rememberOffline("order:7", { id: 7 });
    signIn(sari, "token-sari");
    expect(recallOffline("order:7")).toBeNull();
    expect(storage.get("offline_cache")).toBeNull();
    // The same member again keeps their copies.
    rememberOffline("order:9", { id: 9 });
    signIn(sari, "token-sari-2");
    expect(recallOffline("order:9")?.data).toEqual({ id: 9 });
  });

  it("never answers for a different member, even if the stored member changed without a claim", () => {
    signIn(budi, "token-budi");
    rememberOffline("order:7", { id: 7 });
    storage.set("userdata", sari);
    expect(recallOffline("order:7")).toBeNull();
  });

  it("tells drop-off recipients apart by their link token", () => {
    signIn(recipient, "link-a");
    rememberOffline("order:1", { id: 1 });
    expect(recallOffline("order:1")?.data).toEqual({ id: 1 });
    signIn(recipient, "link-b");
    expect(recallOffline("order:1")).toBeNull();
  });

  it(`keeps the newest ${offlineCacheLimit} copies`, () => {
    signIn(budi, "token-budi");
    for (let index = 0; index <= offlineCacheLimit; index++)
      rememberOffline(`order:${index}`, index, 1000 + index);
    expect(recallOffline("order:0")).toBeNull();
    expect(recallOffline(`order:${offlineCacheLimit}`)?.data).toBe(offlineCacheLimit);
    forgetOffline(`order:${offlineCacheLimit}`);
    expect(recallOffline(`order:${offlineCacheLimit}`)).toBeNull();
  });
});

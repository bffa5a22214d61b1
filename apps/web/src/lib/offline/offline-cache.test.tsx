// @vitest-environment jsdom
import type { UserData } from "@paxelbox/contract";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { keepMember } from "../../domain/member/member-session";
import {
  forgetOffline,
  hungRefreshMs,
  type OfflineView,
  offlineCacheLimit,
  recallOffline,
  rememberOffline,
  slowLoadMs,
  useOfflineData,
} from "./offline-cache";
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

describe("a refresh that does not answer", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => vi.useRealTimers());

  type Fetch = "fetching" | "idle";
  /** Renders `useOfflineData` over a query with data; returns a way to move its fetch and read the view. */
  function screen() {
    let view: OfflineView<string> | undefined;
    function Probe({ fetchStatus }: { fetchStatus: Fetch }) {
      view = useOfflineData(null, {
        data: "order",
        dataUpdatedAt: 1,
        error: null,
        isPending: false,
        fetchStatus,
      });
      return null;
    }
    const root = createRoot(document.createElement("div"));
    const show = (fetchStatus: Fetch) => act(() => root.render(<Probe fetchStatus={fetchStatus} />));
    return { show, view: () => view, unmount: () => act(() => root.unmount()) };
  }

  it(`says the server cannot be reached after ${hungRefreshMs / 1000} s, until it answers`, () => {
    vi.useFakeTimers();
    const { show, view, unmount } = screen();
    show("fetching");
    act(() => vi.advanceTimersByTime(hungRefreshMs - 100));
    expect(view()?.offline).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(view()).toMatchObject({ data: "order", offline: true, fromCache: false });
    show("idle");
    expect(view()?.offline).toBe(false);
    // The next poll starts its own count.
    show("fetching");
    expect(view()?.offline).toBe(false);
    act(() => vi.advanceTimersByTime(hungRefreshMs + 100));
    expect(view()?.offline).toBe(true);
    unmount();
  });

  it("leaves a refresh that answers in time alone", () => {
    vi.useFakeTimers();
    const { show, view, unmount } = screen();
    for (let poll = 0; poll < 5; poll++) {
      show("fetching");
      act(() => vi.advanceTimersByTime(hungRefreshMs / 2));
      show("idle");
      act(() => vi.advanceTimersByTime(hungRefreshMs));
      expect(view()?.offline).toBe(false);
    }
    unmount();
  });
});

describe("a first load that is slow", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => vi.useRealTimers());

  it(`counts as out of reach after ${slowLoadMs / 1000} s; the next first load counts its own time`, () => {
    vi.useFakeTimers();
    let view: OfflineView<string> | undefined;
    function Probe({ data }: { data: string | undefined }) {
      view = useOfflineData(null, {
        data,
        dataUpdatedAt: data === undefined ? 0 : 1,
        error: null,
        isPending: data === undefined,
        fetchStatus: data === undefined ? "fetching" : "idle",
      });
      return null;
    }
    const root = createRoot(document.createElement("div"));
    const show = (data: string | undefined) => act(() => root.render(<Probe data={data} />));
    show(undefined);
    act(() => vi.advanceTimersByTime(slowLoadMs + 100));
    expect(view?.offline).toBe(true);
    show("first order");
    expect(view?.offline).toBe(false);
    // Another order's first load (the screen still mounted): not out of reach at once.
    show(undefined);
    expect(view?.offline).toBe(false);
    act(() => vi.advanceTimersByTime(slowLoadMs + 100));
    expect(view?.offline).toBe(true);
    act(() => root.unmount());
  });
});

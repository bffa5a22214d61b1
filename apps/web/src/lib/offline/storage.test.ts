// @vitest-environment jsdom
import type { Order, UserData } from "@paxelbox/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testOverdueDetail } from "../../../test/test-order";
import { languageCookieName, readCookie, type StoredValues, storage, storageKeys } from "./storage";

const user: UserData = {
  email: "budi@example.com",
  first_name: "Budi",
  last_name: "Santoso",
  member_code: "M-001",
  phone: "081234567890",
  language: "id",
};

const overdueDropoff = testOverdueDetail({
  id: 12,
  overdueStatus: "need_to_pay",
  invoiceNumber: "INV-DOL-A1B2C3-D4E5",
});

const order = { id: 7, expressNumber: "PXB-7", status: "IN_STORE" } as unknown as Order;

/** One sample value for every key of spec §3: adding a key without a sample fails to compile. */
const samples: { [K in keyof StoredValues]: StoredValues[K] } = {
  language: "en",
  userdata: user,
  overdue: "12",
  user_token: "demo-token-budi",
  order_data: order,
  order_id: "7",
  bloburl: "blob:http://localhost/abc",
  isBase64: true,
  qrOverdue: { orderId: 7, code: "QR-OVERDUE-1", expiresAt: 1_700_000_900_000 },
  lockerUserData: [{ expressNumber: "PXB-7", openFrequency: 3 }],
  overdue_dropoff_data: overdueDropoff,
  offline_cache: { owner: "M-1", entries: { "order:7": { data: order, savedAt: 1_700_000_000_000 } } },
  package_sent: [
    {
      entry: "k1",
      boxId: 3,
      sentAt: 1_700_000_000_000,
      answer: { sent: true, qr: "data:image/png;base64,AA" },
    },
  ],
  package_sending: {
    entry: "k1",
    boxId: 3,
    action: "/package?boxId=3",
    sentAt: 1_700_000_000_000,
    fields: [
      ["sender_name", "Kurir Paxel"],
      ["package_photo", { fileName: "parcel.jpg", dataUrl: "data:image/jpeg;base64,/9j/" }],
    ],
  },
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: resets the cookie the storage module writes
  document.cookie = `${languageCookieName}=; Max-Age=0; Path=/`;
});

describe("storage", () => {
  it("lists every key of spec §3 and the offline copies", () => {
    expect(Object.keys(storageKeys).sort()).toEqual(
      [
        "language",
        "userdata",
        "overdue",
        "user_token",
        "order_data",
        "order_id",
        "bloburl",
        "isBase64",
        "qrOverdue",
        "lockerUserData",
        "overdue_dropoff_data",
        "offline_cache",
        "package_sent",
        "package_sending",
      ].sort(),
    );
  });

  for (const key of Object.keys(samples) as (keyof StoredValues)[]) {
    it(`round-trips ${key}`, () => {
      expect(storage.get(key)).toBeNull();
      storage.set(key, samples[key]);
      expect(storage.get(key)).toEqual(samples[key]);
      storage.remove(key);
      expect(storage.get(key)).toBeNull();
    });
  }

  it("stores text values as they are and structured values as JSON", () => {
    storage.set("user_token", "abc");
    storage.set("userdata", user);
    storage.set("isBase64", false);
    expect(window.localStorage.getItem("user_token")).toBe("abc");
    expect(JSON.parse(window.localStorage.getItem("userdata") ?? "")).toEqual(user);
    expect(window.localStorage.getItem("isBase64")).toBe("false");
    expect(storage.get("isBase64")).toBe(false);
  });

  it("keeps the tab's own keys in sessionStorage, the others in localStorage", () => {
    storage.set("package_sent", samples.package_sent);
    storage.set("package_sending", samples.package_sending);
    storage.set("order_id", "7");
    expect(window.sessionStorage.getItem("package_sent")).not.toBeNull();
    expect(window.localStorage.getItem("package_sent")).toBeNull();
    expect(window.sessionStorage.getItem("package_sending")).not.toBeNull();
    expect(window.localStorage.getItem("package_sending")).toBeNull();
    expect(window.localStorage.getItem("order_id")).toBe("7");
    expect(window.sessionStorage.getItem("order_id")).toBeNull();
  });

  it("drops values that do not parse", () => {
    window.localStorage.setItem("userdata", "{not json");
    expect(storage.get("userdata")).toBeNull();
    expect(window.localStorage.getItem("userdata")).toBeNull();
    window.localStorage.setItem("language", "fr");
    expect(storage.get("language")).toBeNull();
  });

  it("mirrors the language to its cookie", () => {
    storage.set("language", "en");
    expect(readCookie(document.cookie, languageCookieName)).toBe("en");
    storage.remove("language");
    expect(readCookie(document.cookie, languageCookieName)).toBeNull();
  });

  it("says which values outlive the page", () => {
    expect(storage.keptOnDevice("user_token")).toBe(false);
    storage.set("user_token", "abc");
    expect(storage.keptOnDevice("user_token")).toBe(true);
  });
});

describe("storage the browser refuses", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    for (const key of Object.keys(storageKeys) as (keyof StoredValues)[]) storage.remove(key);
  });

  it("keeps values in the page's memory while storage is blocked (reading it throws)", () => {
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    storage.set("user_token", "abc");
    storage.set("userdata", user);
    expect(storage.get("user_token")).toBe("abc");
    expect(storage.get("userdata")).toEqual(user);
    expect(storage.keptOnDevice("user_token")).toBe(false);
    storage.remove("user_token");
    expect(storage.get("user_token")).toBeNull();
  });

  it("keeps a value the browser will not write (quota) in memory, never an older stored one", () => {
    storage.set("order_id", "6");
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });
    storage.set("order_id", "7");
    expect(storage.get("order_id")).toBe("7");
    expect(window.localStorage.getItem("order_id")).toBeNull();
    expect(storage.keptOnDevice("order_id")).toBe(false);
    vi.restoreAllMocks();
    // Once the browser takes writes again, the value goes back to its storage.
    storage.set("order_id", "8");
    expect(window.localStorage.getItem("order_id")).toBe("8");
    expect(storage.keptOnDevice("order_id")).toBe(true);
  });
});

describe("readCookie", () => {
  it("finds a cookie among others", () => {
    expect(readCookie("a=1; language=en; b=2", "language")).toBe("en");
    expect(readCookie("xlanguage=en", "language")).toBeNull();
    expect(readCookie(undefined, "language")).toBeNull();
    expect(readCookie("language=%E0%A4%A", "language")).toBeNull();
  });
});

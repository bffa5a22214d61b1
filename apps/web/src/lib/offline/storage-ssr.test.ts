import { describe, expect, it } from "vitest";
import { storage, storageKeys } from "./storage";

describe("storage on the server", () => {
  it("reads null and ignores writes without a window", () => {
    expect(typeof window).toBe("undefined");
    for (const key of Object.keys(storageKeys) as (keyof typeof storageKeys)[]) {
      expect(storage.get(key)).toBeNull();
      expect(() => storage.remove(key)).not.toThrow();
    }
    expect(() => storage.set("user_token", "x")).not.toThrow();
    expect(() => storage.set("language", "en")).not.toThrow();
    expect(storage.get("user_token")).toBeNull();
  });
});

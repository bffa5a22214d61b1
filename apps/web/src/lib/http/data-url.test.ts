import { describe, expect, it } from "vitest";
import { blobToDataUrl } from "./data-url";

describe("blobToDataUrl", () => {
  it("encodes every byte, past one slice, with the blob's type", async () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 7 }, (_, index) => (index * 31) % 256);
    const url = await blobToDataUrl(new Blob([bytes], { type: "image/png" }));
    expect(url.startsWith("data:image/png;base64,")).toBe(true);
    const decoded = Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
    expect(new Uint8Array(decoded)).toEqual(bytes);
  });

  it("names an untyped blob as bytes", async () => {
    expect(await blobToDataUrl(new Blob(["hi"]))).toBe("data:application/octet-stream;base64,aGk=");
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegCutShort } from "./compress-photo";

const picture = (options: { progressive?: boolean } = {}) =>
  sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90, ...options })
    .toBuffer();

const bytes = (buffer: Buffer) => new Uint8Array(buffer);

describe("a JPEG cut short", () => {
  it("is told from a whole one, baseline or progressive", async () => {
    for (const jpeg of [await picture(), await picture({ progressive: true })]) {
      expect(jpegCutShort(bytes(jpeg))).toBe(false);
      expect(jpegCutShort(bytes(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))))).toBe(true);
      expect(jpegCutShort(bytes(jpeg.subarray(0, jpeg.length - 2)))).toBe(true);
      // Cut inside its headers, before the picture starts.
      expect(jpegCutShort(bytes(jpeg.subarray(0, 40)))).toBe(true);
    }
  });

  it("allows bytes after its end (a motion photo's trailer)", async () => {
    const jpeg = await picture();
    const trailer = Buffer.alloc(4096, 0xff);
    expect(jpegCutShort(bytes(Buffer.concat([jpeg, trailer])))).toBe(false);
  });

  it("leaves other files to the decoder", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(jpegCutShort(bytes(png))).toBe(false);
    expect(jpegCutShort(bytes(Buffer.from("not a picture")))).toBe(false);
  });
});

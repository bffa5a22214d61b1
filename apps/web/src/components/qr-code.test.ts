import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-path";

/** Rasterises the SVG path (four-module quiet zone, 4 px per module) and decodes it like a scanner would. */
function decode(value: string): string | null {
  const { path, modules } = qrPath(value);
  const scale = 4;
  const extent = (modules + 8) * scale;
  const pixels = new Uint8ClampedArray(extent * extent * 4).fill(255);
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    const [x, y, run] = [Number(match[1]), Number(match[2]), Number(match[3])];
    for (let dx = 0; dx < run * scale; dx++) {
      for (let dy = 0; dy < scale; dy++) {
        const px = (x + 4) * scale + dx;
        const py = (y + 4) * scale + dy;
        const i = (py * extent + px) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, extent, extent)?.data ?? null;
}

describe("QR code", () => {
  it("encodes exactly the text a locker expects", () => {
    expect(decode("PXB-T-ABCDEFGHJKLMNPQR")).toBe("PXB-T-ABCDEFGHJKLMNPQR");
  });

  it("uses error correction H (a short code needs a larger symbol than at level L)", () => {
    expect(qrPath("PXB-S-ABCDEFGHJKLMNPQR").modules).toBeGreaterThanOrEqual(29);
  });
});

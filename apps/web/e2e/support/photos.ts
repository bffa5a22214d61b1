import type { Page } from "playwright-core";
import { PNG } from "pngjs";

/** Photos for the drop-off form's photo field. */

/** A 4000 × 3000 phone-like photo (JPEG, several MB), drawn by the browser itself. */
export async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, "#c58b4a");
    gradient.addColorStop(1, "#3d6fb0");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 30_000; i++) {
      context.fillStyle = `hsl(${(i * 37) % 360} 60% ${30 + (i % 40)}%)`;
      context.fillRect((i * 7919) % 4000, (i * 104_729) % 3000, 6 + (i % 30), 6 + (i % 20));
    }
    const blob = (await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", 0.95),
    )) as Blob;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

/** A small PNG: a photo that needs no preparation to speak of. */
export function smallPng(): Buffer {
  const png = new PNG({ width: 120, height: 90 });
  png.data.fill(180);
  return PNG.sync.write(png);
}

import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import sharp from "sharp";

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

let cameraPhoto: Promise<Buffer> | undefined;

/**
 * A phone camera's photo as the phone stores it: a 4000 × 3000 JPEG of several MB, turned by its
 * EXIF orientation (6: shown as 3000 × 4000), made here (for pages that run no script).
 */
export function cameraJpeg(): Promise<Buffer> {
  cameraPhoto ??= (async () => {
    const [width, height] = [4000, 3000];
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 24 },
      },
    })
      .raw()
      .toBuffer();
    const scene = `<svg width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c58b4a"/><stop offset="1" stop-color="#3d6fb0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.45"/><rect x="1200" y="900" width="1600" height="1200" fill="#8a5a2b"/></svg>`;
    return sharp(noise, { raw: { width, height, channels: 3 } })
      .composite([{ input: Buffer.from(scene) }])
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  })();
  return cameraPhoto;
}

/** `bytes` as a file named `name` in a folder of its own under the machine's temporary folder. */
async function onDisk(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "paxelbox-photo-")), name);
  await writeFile(file, bytes);
  return file;
}

let cameraFile: Promise<string> | undefined;

/**
 * `cameraJpeg` as a file on disk, as a phone's gallery holds it: a browser that posts a form again
 * (a refresh of the page that answered it) reads the file again from there.
 */
export function cameraJpegFile(): Promise<string> {
  cameraFile ??= cameraJpeg().then((bytes) => onDisk("IMG_20261129_101500.jpg", bytes));
  return cameraFile;
}

/**
 * A file over the form's 15 MB limit that starts as a JPEG does, on disk: the browser reads it from
 * there (given as bytes, 16 MB would cross the test's connection to the browser first).
 */
export function oversizedJpegFile(): Promise<string> {
  const bytes = Buffer.alloc(16 * 1024 * 1024, 7);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return onDisk("huge.jpg", bytes);
}

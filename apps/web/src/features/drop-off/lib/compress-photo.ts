/**
 * Package photos are shrunk in the browser before they are sent: couriers are on mobile data and a
 * phone photo (4000 × 3000, several MB) becomes a JPEG of at most about 300 KB whose longest side is
 * at most 1600 px. The server still checks the type by its magic bytes and the size.
 */

import { blobToDataUrl } from "../../../lib/http/data-url";

/** How small a photo is made: sides in pixels, bytes, the JPEG qualities tried in turn. */
export interface PhotoLimits {
  maxSide: number;
  maxBytes: number;
  qualities: readonly number[];
  shrink: number;
  minSide: number;
}

export const photoLimits = {
  /** Longest side of the sent photo, in pixels. */
  maxSide: 1600,
  /** Target size of the encoded photo, in bytes. */
  maxBytes: 300 * 1024,
  /** JPEG qualities tried in turn before the picture is made smaller. */
  qualities: [0.85, 0.75, 0.65, 0.55, 0.45],
  /** Each further round shrinks the sides by this factor. */
  shrink: 0.8,
  /** Never below this longest side (a parcel must stay recognisable). */
  minSide: 480,
} as const satisfies PhotoLimits;

export type PhotoErrorReason = "not-image" | "unreadable";

export class PhotoError extends Error {
  readonly reason: PhotoErrorReason;
  constructor(reason: PhotoErrorReason) {
    super(reason === "not-image" ? "The file is not an image" : "The image could not be read");
    this.name = "PhotoError";
    this.reason = reason;
  }
}

/** An image type by its MIME type; files without one are tried (some Android pickers send none). */
export function isImageFile(file: Pick<File, "type">): boolean {
  return file.type === "" || file.type.startsWith("image/");
}

/** Size that keeps the aspect ratio and fits the longest side into `maxSide` (never enlarges). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width: Math.round(width), height: Math.round(height) };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The file a base64 data URL holds (the photo made small, posted with the form). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? "application/octet-stream";
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * Whether a JPEG was cut short (a download broken off, a file half copied): no end-of-image marker
 * after its picture starts. The browser draws such a file with its lower part grey, where the
 * server, and the API after it, refuse it as unreadable. Bytes after the end (a phone's motion-photo
 * trailer) are allowed; a file that is not a JPEG, or whose headers this walk cannot follow, is left
 * to the decoder.
 */
export function jpegCutShort(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let at = 2;
  // The header segments, each a marker and its length, up to the first scan (SOS).
  for (;;) {
    if (at + 3 >= bytes.length) return true;
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) at += 1;
    else if (marker === 0xda) break;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) at += 2;
    else at += 2 + (((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
  }
  // In the coded picture a 0xFF byte is followed by 0x00 or a restart marker: 0xFF 0xD9 is its end.
  for (let ff = bytes.indexOf(0xff, at + 2); ff !== -1; ff = bytes.indexOf(0xff, ff + 1)) {
    if (bytes[ff + 1] === 0xd9) return false;
  }
  return true;
}

type Drawable = ImageBitmap | HTMLImageElement;

async function decode(
  file: Blob,
): Promise<{ image: Drawable; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Fall through to <img>, which decodes a few more formats in some browsers.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      close: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    throw new PhotoError("unreadable");
  }
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new PhotoError("unreadable"))),
      "image/jpeg",
      quality,
    );
  });
}

export interface CompressedPhoto {
  dataUrl: string;
  bytes: number;
  width: number;
  height: number;
}

/** Decodes an image file and re-encodes it as a JPEG within `photoLimits`. */
export async function compressPhoto(file: File, limits: PhotoLimits = photoLimits): Promise<CompressedPhoto> {
  if (!isImageFile(file)) throw new PhotoError("not-image");
  if (jpegCutShort(new Uint8Array(await file.arrayBuffer()))) throw new PhotoError("unreadable");
  const source = await decode(file);
  try {
    if (source.width === 0 || source.height === 0) throw new PhotoError("unreadable");
    let size = fitWithin(source.width, source.height, limits.maxSide);
    const canvas = document.createElement("canvas");
    let best: Blob | null = null;
    for (;;) {
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext("2d");
      if (!context) throw new PhotoError("unreadable");
      // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, size.width, size.height);
      context.imageSmoothingQuality = "high";
      context.drawImage(source.image, 0, 0, size.width, size.height);
      for (const quality of limits.qualities) {
        best = await encode(canvas, quality);
        if (best.size <= limits.maxBytes) break;
      }
      const longest = Math.max(size.width, size.height);
      if ((best && best.size <= limits.maxBytes) || longest <= limits.minSide) break;
      size = fitWithin(
        size.width,
        size.height,
        Math.max(limits.minSide, Math.round(longest * limits.shrink)),
      );
    }
    if (!best) throw new PhotoError("unreadable");
    return { dataUrl: await blobToDataUrl(best), bytes: best.size, width: size.width, height: size.height };
  } finally {
    source.close();
  }
}

/** `312 KB`, `1.2 MB` — for the "photo ready" line. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

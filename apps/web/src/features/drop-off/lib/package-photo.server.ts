import sharp from "sharp";
import { fitWithin, type PhotoLimits, photoLimits } from "./compress-photo";

/**
 * The package photo as the form posts it without the page's scripts: the phone's own file (a
 * 4000 × 3000 JPEG of several MB). The form's server makes it what the page's scripts would have
 * made it (`compressPhoto`): upright by its EXIF orientation, its longest side at most 1600 px, a
 * JPEG of about 300 KB at most, without its metadata — what the API takes (`PhotoDataUrl`).
 */

/**
 * Largest photo file the form takes as it was chosen (a phone's photo, posted without the page's
 * scripts, which would have made it small first): `photoTooLarge` above it.
 */
export const photoUploadMaxBytes = 15 * 1024 * 1024;

/** A refused photo; `reason` names its message (`photoMessages`). */
export class PhotoRefused extends Error {
  readonly reason: "photoNotImage" | "photoUnreadable" | "photoTooLarge";
  constructor(reason: PhotoRefused["reason"]) {
    super(reason);
    this.name = "PhotoRefused";
    this.reason = reason;
  }
}

/**
 * Pixels a photo may declare before it is decoded (a small file can unpack into a huge picture):
 * a 50-megapixel phone photo passes.
 */
const maxInputPixels = 60_000_000;

// Each photo is decoded once: sharp's operation cache would only hold memory.
sharp.cache(false);

/** The image types a phone's picker hands over, by their first bytes; anything else is not a photo. */
const imageSignatures: ((bytes: Uint8Array) => boolean)[] = [
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, // JPEG
  (b) => b[0] === 0x89 && ascii(b, 1, 4) === "PNG", // PNG
  (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP", // WebP
  (b) => ascii(b, 0, 4) === "GIF8", // GIF
  (b) => ascii(b, 4, 8) === "ftyp", // HEIC, HEIF, AVIF
  (b) => ascii(b, 0, 2) === "BM", // BMP
  (b) => ascii(b, 0, 4) === "II*\0" || ascii(b, 0, 4) === "MM\0*", // TIFF
];

/**
 * The formats the decoder may have found in such a file (sharp's names; HEIC and AVIF are `heif`).
 * The first bytes are only a sign: a text file can carry `ftyp` where an HEIC does, and the decoder
 * would read it as what it is (an SVG, drawn at any size its text declares).
 */
const photoFormats = new Set(["jpeg", "png", "webp", "gif", "heif", "tiff"]);

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** Whether the bytes start like an image file (the decoder then says whether they are one). */
export function looksLikeImage(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && imageSignatures.some((matches) => matches(bytes));
}

export interface SmallPhoto {
  dataUrl: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * The photo made small, as a `data:image/jpeg;base64,…` URL. Refuses (`PhotoRefused`) a file over
 * `photoUploadMaxBytes` or with too many pixels (too large), one that is not an image, and an
 * image that does not decode (unreadable: corrupt, or a type this server cannot read). The same
 * file always gives the same bytes, so a form posted twice sends the same body (its Idempotency-Key
 * then answers the second post with the first QR).
 */
export async function smallPhoto(file: Uint8Array, limits: PhotoLimits = photoLimits): Promise<SmallPhoto> {
  if (file.length > photoUploadMaxBytes) throw new PhotoRefused("photoTooLarge");
  if (!looksLikeImage(file)) throw new PhotoRefused("photoNotImage");
  const input = { failOn: "error", limitInputPixels: false, pages: 1 } as const;
  let source: { width: number; height: number };
  let format: string;
  try {
    const metadata = await sharp(file, input).metadata();
    format = metadata.format;
    // Sides as shown: orientations 5–8 turn the picture a quarter.
    const turned = (metadata.orientation ?? 1) >= 5;
    source = turned
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch {
    throw new PhotoRefused("photoUnreadable");
  }
  if (!photoFormats.has(format)) throw new PhotoRefused("photoNotImage");
  if (source.width * source.height > maxInputPixels) throw new PhotoRefused("photoTooLarge");
  try {
    // The file is decoded once, into the pixels of the largest size sent; each quality and each
    // smaller size is made from those (a 50-megapixel photo decoded for every try would hold a
    // core for seconds).
    const first = fitWithin(source.width, source.height, limits.maxSide);
    const pixels = await sharp(file, input)
      .rotate()
      .resize({ width: first.width, height: first.height, fit: "fill" })
      // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let size = first;
    for (;;) {
      let best: Buffer | undefined;
      const sized =
        size === first
          ? pixels
          : await sharp(pixels.data, { raw: pixels.info })
              .resize({ width: size.width, height: size.height, fit: "fill" })
              .raw()
              .toBuffer({ resolveWithObject: true });
      for (const quality of limits.qualities) {
        best = await sharp(sized.data, { raw: sized.info })
          .jpeg({ quality: Math.round(quality * 100), mozjpeg: true })
          .toBuffer();
        if (best.length <= limits.maxBytes) break;
      }
      const longest = Math.max(size.width, size.height);
      if (best && (best.length <= limits.maxBytes || longest <= limits.minSide)) {
        return {
          dataUrl: `data:image/jpeg;base64,${best.toString("base64")}`,
          bytes: best.length,
          width: size.width,
          height: size.height,
        };
      }
      size = fitWithin(
        size.width,
        size.height,
        Math.max(limits.minSide, Math.round(longest * limits.shrink)),
      );
    }
  } catch {
    throw new PhotoRefused("photoUnreadable");
  }
}

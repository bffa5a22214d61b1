import { packagePhotoMaxBytes } from "@paxelbox/contract";
import sharp from "sharp";
import { badRequest, HttpError } from "../http/errors.ts";

/** Longest side, in pixels, of a stored package photo (the browser sends about 1280 px). */
export const photoMaxSide = 1600;
/** Pixels a photo may declare before it is decoded: a small file can unpack into a huge picture. */
const photoMaxInputPixels = 40_000_000;
/** What every stored photo is: pixels re-encoded here, nothing of the uploaded file kept. */
export const storedPhotoType = "image/jpeg";

// Each photo is decoded once: sharp's operation cache would only hold memory.
sharp.cache(false);

const signatures: { type: string; format: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    type: "image/jpeg",
    format: "jpeg",
    matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    type: "image/png",
    format: "png",
    matches: (b) =>
      b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: "image/webp",
    format: "webp",
    matches: (b) =>
      b.length > 12 && b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WEBP",
  },
];

/**
 * Decodes a photo data URL and returns a fresh image of its pixels. The bytes must be the JPEG, PNG
 * or WebP they claim to be (magic bytes, then the decoder's own reading), within the size limits;
 * the picture is turned upright, scaled down to `photoMaxSide` and re-encoded as JPEG without any
 * metadata. Whatever rode along in the file (HTML or script after a valid header, EXIF, GPS) is not
 * stored; a file that does not decode is refused with the spec's photo message.
 */
export async function decodePhoto(dataUrl: string): Promise<{ bytes: Buffer; type: string }> {
  const match = /^data:(image\/[a-z]+);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw badRequest("photoNotImage");
  const declared = match[1] as string;
  const bytes = Buffer.from(match[2] as string, "base64");
  if (bytes.length > packagePhotoMaxBytes) throw new HttpError(413, "photoTooLarge");
  const signature = signatures.find((candidate) => candidate.matches(bytes));
  if (!signature || signature.type !== declared) throw badRequest("photoNotImage");
  const options = { failOn: "error", limitInputPixels: photoMaxInputPixels, pages: 1 } as const;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== signature.format) throw badRequest("photoNotImage");
    const reencoded = await sharp(bytes, options)
      .rotate()
      .resize({ width: photoMaxSide, height: photoMaxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return { bytes: reencoded, type: storedPhotoType };
  } catch {
    throw badRequest("photoNotImage");
  }
}

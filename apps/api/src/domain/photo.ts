import { packagePhotoMaxBytes } from "@paxelbox/contract";
import { badRequest, HttpError } from "../http/errors.ts";

const signatures: { type: string; matches: (bytes: Buffer) => boolean }[] = [
  { type: "image/jpeg", matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    matches: (b) =>
      b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: "image/webp",
    matches: (b) =>
      b.length > 12 && b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WEBP",
  },
];

/**
 * Decodes a photo data URL and checks it really is the image type it claims (by its magic bytes)
 * and within the size limit.
 */
export function decodePhoto(dataUrl: string): { bytes: Buffer; type: string } {
  const match = /^data:(image\/[a-z]+);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw badRequest("Package photo must be a JPEG, PNG or WebP image.");
  const declared = match[1] as string;
  const bytes = Buffer.from(match[2] as string, "base64");
  if (bytes.length > packagePhotoMaxBytes)
    throw new HttpError(413, "Package photo is too large (at most 2 MB).");
  const actual = signatures.find((signature) => signature.matches(bytes));
  if (!actual) throw badRequest("Package photo is not a JPEG, PNG or WebP image.");
  if (actual.type !== declared) throw badRequest(`Package photo says ${declared} but is ${actual.type}.`);
  return { bytes, type: actual.type };
}

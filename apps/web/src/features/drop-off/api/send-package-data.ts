import { calls, type PackageData } from "@paxelbox/contract";
import { useMutation } from "@tanstack/react-query";
import { requestImage } from "../../../lib/api-client";
import { blobToDataUrl } from "../lib/compress-photo";

/** Registers the parcel; the answer is the PNG QR that stores it, returned as a base64 data URL. */
export async function sendPackageData(body: PackageData): Promise<string> {
  const image = await requestImage(calls.sendPackageData, { body });
  return blobToDataUrl(image);
}

export const useSendPackageData = () => useMutation({ mutationFn: sendPackageData });

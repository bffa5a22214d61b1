import type { PackageData } from "@paxelbox/contract";
import { useMutation } from "@tanstack/react-query";
import { lazyRequest } from "../../../lib/lazy-request";
import { blobToDataUrl } from "../lib/compress-photo";

/** Registers the parcel; the answer is the PNG QR that stores it, returned as a base64 data URL. */
export async function sendPackageData(body: PackageData): Promise<string> {
  const image = await lazyRequest(
    () => import("@paxelbox/contract/calls/send-package-data").then((module) => module.sendPackageData),
    { body },
  );
  return blobToDataUrl(image as Blob);
}

export const useSendPackageData = () => useMutation({ mutationFn: sendPackageData });

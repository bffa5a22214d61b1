import type { PackageData } from "@paxelbox/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { storage } from "../../../lib/storage";
import { useSendPackageData } from "../api/send-package-data";

/** Spec §4, §9: the QR appears 2 s after a successful send; a failure resets to idle after 2 s. */
export const qrAppearDelayMs = 2000;
export const qrResetDelayMs = 2000;

export type PackageQrState =
  | { status: "idle" }
  | { status: "generating" }
  | { status: "generated"; image: string; size: PackageData["mouth"]["mouthType"]["name"] };

/** Drop-off QR: idle → generating → generated, or back to idle after a failure (spec §4). */
export function usePackageQr() {
  const { mutateAsync } = useSendPackageData();
  const [state, setState] = useState<PackageQrState>({ status: "idle" });
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const generate = useCallback(
    async (body: PackageData) => {
      clearTimeout(timer.current);
      setError(null);
      setState({ status: "generating" });
      try {
        const image = await mutateAsync(body);
        storage.set("bloburl", image);
        storage.set("isBase64", true);
        timer.current = setTimeout(
          () => setState({ status: "generated", image, size: body.mouth.mouthType.name }),
          qrAppearDelayMs,
        );
      } catch (failure) {
        setError(failure);
        timer.current = setTimeout(() => setState({ status: "idle" }), qrResetDelayMs);
      }
    },
    [mutateAsync],
  );

  return { state, error, dismissError: () => setError(null), generate };
}

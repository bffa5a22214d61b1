import type { PackageData } from "@paxelbox/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { storage } from "../../../lib/offline/storage";
import { useSendPackageData } from "../api/send-package-data";

/** Spec §4, §9: the QR appears 2 s after a successful send; a failure resets to idle after 2 s. */
export const qrAppearDelayMs = 2000;
export const qrResetDelayMs = 2000;

export type PackageQrState =
  | { status: "idle" }
  | { status: "generating" }
  | { status: "generated"; image: string; size: PackageData["mouth"]["mouthType"]["name"] };

/**
 * Drop-off QR: idle → generating → generated, or back to idle after a failure (spec §4).
 *
 * One send at a time, and a generated QR is final: `generate` does nothing unless the state is idle
 * (checked on a ref, so two presses within one render cannot both send). Only `reset` — the user
 * starting a new package — makes the form ready for another drop-off.
 */
export function usePackageQr() {
  const { mutateAsync } = useSendPackageData();
  const [state, setState] = useState<PackageQrState>({ status: "idle" });
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const generate = useCallback(
    async (body: PackageData) => {
      if (busy.current) return;
      busy.current = true;
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
        timer.current = setTimeout(() => {
          busy.current = false;
          setState({ status: "idle" });
        }, qrResetDelayMs);
      }
    },
    [mutateAsync],
  );

  /** A new package: back to idle, ready for another send. */
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    busy.current = false;
    setError(null);
    setState({ status: "idle" });
  }, []);

  return { state, error, dismissError: () => setError(null), generate, reset };
}

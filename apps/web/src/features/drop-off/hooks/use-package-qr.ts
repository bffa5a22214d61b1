import { useEffect, useState } from "react";
import type { Refused } from "../../../lib/forms/action.server";
import type { PackagePostedField, PackageSent } from "../lib/package-form";

/** Spec §4, §9: the QR appears 2 s after a successful send; a failure resets to idle after 2 s. */
export const qrAppearDelayMs = 2000;
export const qrResetDelayMs = 2000;

/** What the form's action answered: the form refused, or the parcel sent with its QR. */
export type PackageAnswer = Refused<PackagePostedField> | PackageSent;

export const isSent = (answer: PackageAnswer | undefined): answer is PackageSent =>
  answer !== undefined && "sent" in answer;

export type PackageQrState =
  | { status: "idle" }
  | { status: "generating" }
  | { status: "generated"; image: string; size: PackageSent["size"] };

/**
 * Drop-off QR: idle → generating → generated, or back to idle after a failure (spec §4), following
 * the form's post: generating while it is sent (`sending`), then its answer, shown 2 s after it
 * arrives when it is a QR or a failed send. A form the page refused at once (its messages) shows at
 * once; so does the answer the page arrived with (posted before the page's scripts ran, or without
 * them): the courier has waited for the page already. A generated QR is final until a new package.
 */
export function usePackageQr(answer: PackageAnswer | undefined, sending: boolean): PackageQrState {
  const [shown, setShown] = useState(answer);
  // A new answer waits its 2 s when it is a QR or a failed send; others (none: a new package) at once.
  const waiting = answer !== shown && (isSent(answer) || answer?.formError !== undefined);
  useEffect(() => {
    if (answer === shown) return;
    if (!waiting) {
      setShown(answer);
      return;
    }
    const timer = setTimeout(() => setShown(answer), isSent(answer) ? qrAppearDelayMs : qrResetDelayMs);
    return () => clearTimeout(timer);
  }, [answer, shown, waiting]);

  if (sending || waiting) return { status: "generating" };
  if (isSent(answer)) return { status: "generated", image: answer.qr, size: answer.size };
  return { status: "idle" };
}

import { useEffect, useRef, useState } from "react";
import { useNavigationType } from "react-router";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { forgetPackage, keepPackage, keptPackage } from "../lib/kept-package";
import type { PackageSent } from "../lib/package-form";
import { isSent, type PackageAnswer } from "./use-package-qr";

/** Whether this document shows a history entry again (a reload, back or forward, a discarded tab). */
function documentShownAgain(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const discarded = (document as Document & { wasDiscarded?: boolean }).wasDiscarded === true;
  return discarded || entry?.type === "reload" || entry?.type === "back_forward";
}

/**
 * The parcel a page of the form registered, shown again when the same page is shown again: the
 * document reloaded or brought back from history, or the form reached by back or forward within
 * the app. A form opened anew (a link, a scan, "New Package") is a new parcel's and forgets it.
 * Returns the kept answer while the page's form is the one it was restored under (`sendKey`).
 */
export function useKeptPackage(
  boxId: number,
  sendKey: string,
  answer: PackageAnswer | undefined,
): PackageSent | null {
  const navigationType = useNavigationType();
  const live = useHydrated();
  // Mounted by the document's hydration (`live` still false) or by a navigation within the app.
  const firstPage = useRef(!live);
  const [kept, setKept] = useState<{ sendKey: string; answer: PackageSent } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per page of the form (its key)
  useEffect(() => {
    if (answer !== undefined) return;
    const shownAgain = firstPage.current ? documentShownAgain() : navigationType === "POP";
    firstPage.current = false;
    const restored = shownAgain ? keptPackage(boxId) : null;
    if (restored) setKept({ sendKey, answer: restored });
    else forgetPackage();
  }, [boxId, sendKey]);

  useEffect(() => {
    if (isSent(answer)) keepPackage(boxId, answer);
  }, [boxId, answer]);

  return kept?.sendKey === sendKey ? kept.answer : null;
}

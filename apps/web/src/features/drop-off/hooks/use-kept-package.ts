import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { keepPackage, keptPackage } from "../lib/kept-package";
import type { PackageSent } from "../lib/package-form";
import { isSent, type PackageAnswer } from "./use-package-qr";

/**
 * The parcel a page of the form registered, shown again whenever that page is (ADR 047): its
 * history entry reloaded, brought back by the phone, or gone back or forward to. An entry is told
 * by React Router's `location.key`, which a reload keeps (`<ScrollRestoration>` gives a document's
 * first entry one too, and keeps its scroll positions by it). A form opened anew — a link, a scan,
 * "New Package" — is a new entry, and a new parcel's. Read after hydration: the server's page is
 * the empty form.
 */
export function useKeptPackage(boxId: number, answer: PackageAnswer | undefined): PackageSent | null {
  const { key } = useLocation();
  const [kept, setKept] = useState<{ entry: string; answer: PackageSent } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per page of the form (its entry)
  useEffect(() => {
    if (answer !== undefined) return;
    const restored = keptPackage(key, boxId);
    if (restored) setKept({ entry: key, answer: restored });
  }, [boxId, key]);

  useEffect(() => {
    if (isSent(answer)) keepPackage(key, boxId, answer);
  }, [boxId, answer, key]);

  return kept?.entry === key ? kept.answer : null;
}

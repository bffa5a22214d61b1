import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSubmit } from "react-router";
import { keepPackage, keptPackage } from "../lib/kept-package";
import { type PackageSent, sendKeyField } from "../lib/package-form";
import { forgetSending, keepSending, sendingPackage } from "../lib/sending-package";
import { isSent, type PackageAnswer } from "./use-package-qr";

/**
 * The parcel a page of the form registered, shown again whenever that page is (ADR 047): its
 * history entry reloaded, brought back by the phone, or gone back or forward to. An entry is told
 * by React Router's `location.key`, which a reload keeps (`<ScrollRestoration>` gives a document's
 * first entry one too, and keeps its scroll positions by it). A form opened anew — a link, a scan,
 * "New Package" — is a new entry, and a new parcel's. Read after hydration: the server's page is
 * the empty form.
 *
 * A post on its way is kept too, until its answer comes: the page of its entry, reloaded before
 * then, posts it again with its Idempotency-Key, and shows the QR of the one parcel it registers
 * (`sending-package.ts`).
 */
export function useKeptPackage(boxId: number, answer: PackageAnswer | undefined): PackageSent | null {
  const { key } = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [kept, setKept] = useState<{ entry: string; answer: PackageSent } | null>(null);
  // The keeping of the post on its way (its photo is read first): its answer forgets it after.
  const keeping = useRef<Promise<void>>(Promise.resolve());

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per page of the form (its entry)
  useEffect(() => {
    if (answer !== undefined) return;
    const restored = keptPackage(key, boxId);
    if (restored) {
      setKept({ entry: key, answer: restored });
      return;
    }
    const unanswered = sendingPackage(key, boxId);
    if (unanswered) {
      void submit(unanswered.formData, {
        method: "post",
        action: unanswered.action,
        encType: "multipart/form-data",
      });
    }
  }, [boxId, key]);

  // This form's post (it carries the form's key), not another form's on the page.
  const posting = navigation.formData?.has(sendKeyField) ? navigation.formData : undefined;
  const postedTo = navigation.formAction;
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept once per post (its form data)
  useEffect(() => {
    if (posting && postedTo) keeping.current = keepSending(key, boxId, postedTo, posting);
  }, [posting]);

  useEffect(() => {
    if (answer === undefined) return;
    const forget = () => forgetSending(key);
    void keeping.current.then(forget, forget);
    if (isSent(answer)) keepPackage(key, boxId, answer);
  }, [boxId, answer, key]);

  return kept?.entry === key ? kept.answer : null;
}

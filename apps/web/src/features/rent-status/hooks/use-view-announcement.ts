import { useEffect, useRef, useState } from "react";

/**
 * The headline of the view a change of the rent brought while the page was open (the items stored
 * at the kiosk, the rent ended by the operator), for the page's status region to speak: the change
 * is otherwise silent to a screen reader. Not for the view the page opened on, not when the
 * headline stayed the same, not when the focus went to it (it is read then). `view` names the
 * view shown (null while none is).
 */
export function useViewAnnouncement(view: string | null, headline: string): string {
  const [announced, setAnnounced] = useState("");
  const shown = useRef<string | null | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes, on purpose
  useEffect(() => {
    if (view === null) return;
    const element = document.querySelector<HTMLElement>(headline);
    const text = element?.textContent?.trim() || null;
    const before = shown.current;
    shown.current = text;
    if (before === undefined || text === null || text === before) return;
    if (document.activeElement === element) return;
    setAnnounced(text);
  }, [view]);
  return announced;
}

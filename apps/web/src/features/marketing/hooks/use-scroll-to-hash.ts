import { useEffect } from "react";
import { scrollBehavior } from "../../../lib/ui/motion";

/** Spec §9: the landing and services pages scroll to the address's anchor after 2000 ms. */
export const scrollToAnchorDelayMs = 2000;

/** The id a hash names: decoded, or as it is when it is no valid escape (`#50%`). */
export function decodedHash(hash: string): string {
  const id = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** Once the page is shown, waits `delayMs` and scrolls the element named by the hash into view. */
export function useScrollToHash(delayMs = scrollToAnchorDelayMs): void {
  useEffect(() => {
    const id = decodedHash(window.location.hash);
    if (!id) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
}

import type { GuestBookResult } from "@paxelbox/contract";

/** What the form hands to the submitted page (navigation state, kept by the browser on reload). */
export interface SubmittedState {
  whitePapers: GuestBookResult["white_papers"];
}

export function isSubmittedState(value: unknown): value is SubmittedState {
  if (typeof value !== "object" || value === null) return false;
  const papers = (value as { whitePapers?: unknown }).whitePapers;
  return (
    Array.isArray(papers) &&
    papers.every(
      (paper) =>
        typeof paper === "object" &&
        paper !== null &&
        typeof (paper as { url?: unknown }).url === "string" &&
        typeof (paper as { name?: unknown }).name === "string",
    )
  );
}

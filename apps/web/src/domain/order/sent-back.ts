/**
 * Two pages that redirect to each other by different rules must not bounce a visitor between
 * them. The order page moves an overdue parcel on to the overdue page by the deadline; the overdue
 * page sends the visitor back when the server says nothing is due. When the overdue page sends
 * someone back, it marks that navigation (`sentBackState()`); the page reached that way does not
 * redirect on its own again during that visit (`isSentBack(location.state)`): at most one redirect
 * each way.
 *
 * The mark belongs to this document: a reload (or the same history entry in a later document) is
 * a new visit and may redirect once more.
 */

const documentVisit = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export interface SentBackState {
  sentBack: string;
}

/** Navigation state of a redirect back to the page the visitor was redirected from. */
export function sentBackState(): SentBackState {
  return { sentBack: documentVisit };
}

/** Whether a location's state says this page was sent back to, in this document. */
export function isSentBack(state: unknown): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    "sentBack" in state &&
    (state as SentBackState).sentBack === documentVisit
  );
}

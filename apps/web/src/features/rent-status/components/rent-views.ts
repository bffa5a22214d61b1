/**
 * The five views of the rent-status page, apart from the page so that they load in parallel with
 * the order (see `rent-status-screen.tsx`) instead of with the page's first render, which shows a
 * skeleton until the order is there anyway.
 */
export { InStoreView } from "./in-store-view";
export { OtherView } from "./other-view";
export { OverdueView } from "./overdue-view";
export { StopView } from "./stop-view";
export { ToStoreView } from "./to-store-view";

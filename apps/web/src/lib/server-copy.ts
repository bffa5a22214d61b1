import { createContext } from "react";

/**
 * True inside a part that takes over the server's copy of itself (`keptUntilUsed`): its first render
 * reads what the visitor entered into that copy, as a hydration render does
 * (`useEnteredBeforeHydration`). A module of its own, so that a page holding a copy does not load
 * the forms' code with it.
 */
export const TakesOverServerCopy = createContext(false);

import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

/**
 * The slot at the right of the web-view bar (the order share button, spec §2). A screen calls
 * `useHeaderAction(node)` (the share button: `useShareOrderAction`, `domain/order`); the bar renders
 * it while the screen is mounted.
 */

type Setter = (node: ReactNode) => void;

const HeaderActionContext = createContext<Setter | null>(null);

export function useHeaderActionSlot(): [ReactNode, Setter] {
  const [node, setNode] = useState<ReactNode>(null);
  return [node, setNode];
}

export function HeaderActionProvider({ setAction, children }: { setAction: Setter; children: ReactNode }) {
  return <HeaderActionContext.Provider value={setAction}>{children}</HeaderActionContext.Provider>;
}

/** Puts `node` into the bar's action slot (pass `null` to leave it empty). */
export function useHeaderAction(node: ReactNode): void {
  const setAction = useContext(HeaderActionContext);
  useEffect(() => {
    if (!setAction) return;
    setAction(node);
    return () => setAction(null);
  }, [setAction, node]);
}

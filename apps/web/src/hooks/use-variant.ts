import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { isMobileBrowser, mobileMaxWidth, selectVariant, type Variant } from "../lib/ssr/variant";
import { routeIds } from "../paths";

interface RootDevice {
  mobileDevice?: boolean;
}

/**
 * The screen variant (spec §1). The server guesses from the user agent (a mobile device is
 * assumed narrow) so the first render matches; the browser then measures and follows resizes.
 */
export function useVariant(): Variant {
  const root = useRouteLoaderData(routeIds.root) as RootDevice | undefined;
  const [variant, setVariant] = useState<Variant>(root?.mobileDevice ? "mobile" : "desktop");

  useEffect(() => {
    const mobileDevice = isMobileBrowser(navigator);
    const query = window.matchMedia(`(max-width: ${mobileMaxWidth}px)`);
    const update = () => setVariant(selectVariant({ mobileDevice, width: window.innerWidth }));
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  return variant;
}

import { useRouteLoaderData } from "react-router";
import { routeIds } from "../paths";
import { fallbackPublicConfig, type PublicConfig } from "./public-config";

interface RootConfigData {
  config?: PublicConfig;
}

/** The public configuration (white-label name, links), as the root loader delivered it. */
export function useConfig(): PublicConfig {
  const data = useRouteLoaderData(routeIds.root) as RootConfigData | undefined;
  return data?.config ?? fallbackPublicConfig;
}

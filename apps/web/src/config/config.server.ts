import { createContext, RouterContextProvider } from "react-router";
import { parseWebEnv, type ServerConfig } from "./env";

const serverConfigContext = createContext<ServerConfig | null>(null);

/**
 * What the web server gives every request as its context (server/app.ts, through the server
 * build's entry): the configuration it parsed once from its environment with `parseWebEnv`, when
 * it started. Each web server has its own, so two in one process (the composition root's tests)
 * each reach their own API.
 */
export function requestContexts(config: ServerConfig): () => RouterContextProvider {
  return () => {
    const context = new RouterContextProvider();
    context.set(serverConfigContext, config);
    return context;
  };
}

let devConfig: ServerConfig | undefined;

/** The web app's configuration, for a loader or an action: from the request's context. */
export function getServerConfig(context: Readonly<RouterContextProvider>): ServerConfig {
  const config = context.get(serverConfigContext);
  if (config) return config;
  // `react-router dev` renders without a context; scripts/dev.ts gives it its environment.
  if (import.meta.env.DEV) {
    devConfig ??= parseWebEnv(process.env);
    return devConfig;
  }
  throw new Error("No web configuration in the request's context: serve the build with server/app.ts");
}

import { parseWebEnv, type ServerConfig } from "./env";

let cached: ServerConfig | undefined;

/**
 * The web app's configuration, parsed from `process.env` on first use and then kept.
 * Lazy because the composition root sets `API_INTERNAL_URL` once it knows its port.
 */
export function getServerConfig(): ServerConfig {
  cached ??= parseWebEnv(process.env);
  return cached;
}

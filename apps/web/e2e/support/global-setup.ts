import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Starts the whole system once for the run (web + API on one port, fresh data directory) and hands
 * its address to the workers (`E2E_BASE_URL`, read by `support/browser.ts`). The web build must exist
 * already (`npm run build -w @paxelbox/web`).
 */
export default async function globalSetup() {
  const serverBuild = path.resolve(import.meta.dirname, "../../build/server/index.js");
  if (!existsSync(serverBuild)) {
    throw new Error("No web build: run `npm run build -w @paxelbox/web` before the browser tests.");
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "paxelbox-e2e-"));
  // The pages render with React's production build, as deployed (NODE_ENV picks it when React loads).
  process.env.NODE_ENV = "production";
  // The deployment's mode stays a test's (APP_ENV over NODE_ENV) for what reads the process's
  // environment: the workers, which inherit it, and the systems their test files start.
  process.env.APP_ENV ??= "test";
  const { startSystem } = await import("../../../../scripts/system.ts");
  const system = await startSystem({
    port: 0,
    quiet: true,
    env: { DATA_DIR: dataDir, APP_ENV: "test", RATE_LIMIT_FACTOR: "50" },
  });
  process.env.E2E_BASE_URL = system.url;

  return async () => {
    await system.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

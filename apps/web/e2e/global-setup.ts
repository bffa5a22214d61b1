import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { closedNetworkFlags } from "../../../scripts/chromium.ts";

export const chromiumPath = "/usr/bin/chromium";
export const chromiumArgs = [...closedNetworkFlags, "--disable-quic"];

/**
 * Starts the whole system (web + API on one port, fresh data directory) and one Chromium that
 * every test file connects to. The web build must exist already (`npm run build`).
 */
export default async function setup(project: TestProject) {
  const serverBuild = path.resolve(import.meta.dirname, "../build/server/index.js");
  if (!existsSync(serverBuild)) {
    throw new Error("No web build: run `npm run build -w @paxelbox/web` before the browser tests.");
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "paxelbox-e2e-"));
  // The pages render with React's production build, as deployed (NODE_ENV picks it when React loads).
  process.env.NODE_ENV = "production";
  // The web server reads its mode from process.env too (outside production every page view reports
  // its Web Vitals).
  process.env.APP_ENV ??= "test";
  const { startSystem } = await import("../../../scripts/system.ts");
  const system = await startSystem({
    port: 0,
    quiet: true,
    env: { DATA_DIR: dataDir, APP_ENV: "test", RATE_LIMIT_FACTOR: "50" },
  });

  const browserServer = await chromium.launchServer({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });

  project.provide("baseUrl", system.url);
  project.provide("wsEndpoint", browserServer.wsEndpoint());

  return async () => {
    await browserServer.close();
    await system.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

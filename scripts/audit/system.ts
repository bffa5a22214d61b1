/** The system under audit: the production build, served by `npm start`'s composition root with a fresh database. */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { npmStartModes } from "../modes.ts";
import { root } from "./settings.ts";

/** Builds the web app when there is no build yet. */
export function ensureBuild(): void {
  if (existsSync(path.join(root, "apps/web/build/server/index.js"))) return;
  console.log("▶ Building the web app");
  const result = spawnSync("npm", ["run", "build", "-w", "@paxelbox/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The web build failed");
}

/**
 * When the web build was last written. The system loads its server build once, at the start, and
 * serves the client files from disk: a build made meanwhile (by another command on the machine)
 * replaces the files its pages ask for, and the pages after it load without their scripts.
 */
export function buildStamp(): number {
  return statSync(path.join(root, "apps/web/build/server/index.js")).mtimeMs;
}

/** Web and API on a free loopback port with a fresh embedded database (demo data on); `origin` is its address. */
export async function startAuditedSystem(): Promise<{ origin: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "paxelbox-audit-data-"));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    // As `npm start` runs it (before the system is imported: it loads React).
    npmStartModes();
    const { startSystem } = await import("../system.ts");
    const system = await startSystem({
      port: 0,
      host: "127.0.0.1",
      quiet: true,
      env: { DATA_DIR: dataDir, TRUST_PROXY: "1" },
    });
    return {
      origin: `http://127.0.0.1:${new URL(system.url).port}`,
      async close() {
        await system.close();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}

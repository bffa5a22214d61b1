/**
 * `npm start`: builds the web app when needed, then serves web and API on one port.
 * The two stay separate Fastify apps; this composition root only routes by path prefix.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exitOnStartUpError } from "@paxelbox/contract/start-up";
import { npmStartModes } from "./modes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webBuild = path.join(root, "apps/web/build/server/index.js");

if (!existsSync(webBuild) || process.env.REBUILD === "1") {
  const result = spawnSync("npm", ["run", "build", "-w", "@paxelbox/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

npmStartModes();

// Traces first (when configured): the servers must be created after the instrumentation is in place.
const { startTelemetry } = await import("@paxelbox/api/telemetry");
const stopTelemetry = await startTelemetry();
const { closeOnSignals, startSystem } = await import("./system.ts");
const system = await startSystem().catch(exitOnStartUpError);
// After the system closes, the spans still queued are sent.
closeOnSignals(system, stopTelemetry);

// One banner, once everything serves: where to go, then one log line per request.
const banner = [`PaxelBox is running at ${system.url}`];
try {
  const response = await fetch(`${system.url}/api/demo/scenarios`);
  if (response.ok) {
    const body = (await response.json()) as { data: { id: string; title: string; url: string }[] };
    banner.push(
      `Locker kiosk simulator: ${system.url}/demo/kiosk   API reference: ${system.url}/api/docs`,
      `Demo inbox, the messages sent: ${system.url}/demo/inbox?lang=id   in English: ${system.url}/demo/inbox?lang=en`,
      "",
    );
    banner.push("Demo scenarios (each link creates a fresh record):");
    for (const scenario of body.data) {
      banner.push(`  ${scenario.title.padEnd(48)} ${system.url}/api/demo/scenarios/${scenario.id}/open`);
    }
  }
} catch {
  // Demo scenarios are off (production without DEMO=1).
}
console.log(`\n${banner.join("\n")}\n`);

/**
 * `npm test`: every check, in the order that fails fastest.
 *   lint+format (Biome) → types (tsc) → unit and API tests (Vitest) → web build → bundle budgets
 *   (scripts/budgets.ts) → browser tests (Chromium).
 * `npm test -- --api` runs only the API suite (CI repeats it against a PostgreSQL server).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv.includes("--api") ? "api" : "all";

const steps: { name: string; command: string[]; cwd?: string }[] =
  only === "api"
    ? [{ name: "API tests", command: ["vitest", "run", "--project", "api"] }]
    : [
        { name: "Lint and format (Biome)", command: ["biome", "check", "."] },
        { name: "Types: contract", command: ["tsc", "-p", "packages/contract/tsconfig.json"] },
        { name: "Types: api", command: ["tsc", "-p", "apps/api/tsconfig.json"] },
        { name: "Types: web (route types)", command: ["react-router", "typegen"], cwd: "apps/web" },
        { name: "Types: web", command: ["tsc", "-p", "apps/web/tsconfig.json"] },
        { name: "Types: service worker", command: ["tsc", "-p", "apps/web/service-worker/tsconfig.json"] },
        { name: "Types: scripts", command: ["tsc", "-p", "scripts/tsconfig.json"] },
        { name: "Unit and API tests", command: ["vitest", "run"] },
        { name: "Web build", command: ["react-router", "build"], cwd: "apps/web" },
        { name: "Bundle budgets", command: ["node", "scripts/budgets.ts"] },
        { name: "Browser tests (Playwright, Chromium)", command: ["playwright", "test"], cwd: "apps/web" },
      ];

const bin = path.join(root, "node_modules/.bin");
for (const step of steps) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}`);
  const [command, ...args] = step.command as [string, ...string[]];
  const result = spawnSync(path.join(bin, command), args, {
    cwd: path.join(root, step.cwd ?? "."),
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      FORCE_COLOR: process.env.FORCE_COLOR ?? "1",
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${step.name} (${seconds}s)`);
}

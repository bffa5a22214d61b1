/**
 * `npm test`: every check, failing as early as it can.
 *   lint+format (Biome) and types (tsc), one after another, beside the unit and API tests (Vitest)
 *   → web build → bundle budgets (scripts/budgets.ts) → browser tests (Chromium).
 * The checks take seconds and mostly one core; beside the tests they take no time of their own.
 * Their output is shown when they end; a failing one stops the run at once.
 * `npm test -- --api` runs only the API suite (CI repeats it against a PostgreSQL server).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv.includes("--api") ? "api" : "all";

interface Step {
  name: string;
  command: string[];
  cwd?: string;
}

const checks: Step[] =
  only === "api"
    ? []
    : [
        { name: "Lint and format (Biome)", command: ["biome", "check", "."] },
        { name: "Types: contract", command: ["tsc", "-p", "packages/contract/tsconfig.json"] },
        { name: "Types: api", command: ["tsc", "-p", "apps/api/tsconfig.json"] },
        { name: "Types: web (route types)", command: ["react-router", "typegen"], cwd: "apps/web" },
        { name: "Types: web", command: ["tsc", "-p", "apps/web/tsconfig.json"] },
        { name: "Types: service worker", command: ["tsc", "-p", "apps/web/service-worker/tsconfig.json"] },
        { name: "Types: scripts", command: ["tsc", "-p", "scripts/tsconfig.json"] },
      ];
const steps: Step[] =
  only === "api"
    ? [{ name: "API tests", command: ["vitest", "run", "--project", "api"] }]
    : [
        { name: "Unit and API tests", command: ["vitest", "run"] },
        { name: "Web build", command: ["react-router", "build"], cwd: "apps/web" },
        { name: "Bundle budgets", command: ["node", "scripts/budgets.ts"] },
        { name: "Browser tests (Playwright, Chromium)", command: ["playwright", "test"], cwd: "apps/web" },
      ];

const bin = path.join(root, "node_modules/.bin");
const children = new Set<ChildProcess>();

/** Runs a step; its output goes to the terminal, or is kept and returned (`held`). */
function run(step: Step, held: boolean): Promise<{ status: number; output: string }> {
  const [command, ...args] = step.command as [string, ...string[]];
  const child = spawn(path.join(bin, command), args, {
    cwd: path.join(root, step.cwd ?? "."),
    stdio: held ? ["ignore", "pipe", "pipe"] : "inherit",
    env: {
      ...process.env,
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      FORCE_COLOR: process.env.FORCE_COLOR ?? "1",
    },
  });
  children.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve({ status: code ?? (signal ? 1 : 0), output });
    });
  });
}

const seconds = (started: number) => ((Date.now() - started) / 1000).toFixed(1);

/** Stops everything still running and ends the run as failed. */
function fail(message: string, status: number): never {
  console.error(message);
  for (const child of children) child.kill("SIGTERM");
  process.exit(status || 1);
}

/** The checks, one after another, their output kept: it is printed when each ends. */
async function runChecks(): Promise<void> {
  for (const step of checks) {
    const started = Date.now();
    const { status, output } = await run(step, true);
    console.log(`\n▶ ${step.name}\n${output}`);
    if (status !== 0) fail(`\n✖ ${step.name} failed after ${seconds(started)}s`, status);
    console.log(`✔ ${step.name} (${seconds(started)}s)`);
  }
}

const checked = runChecks();
for (const [index, step] of steps.entries()) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}`);
  const { status } = await run(step, false);
  if (status !== 0) fail(`\n✖ ${step.name} failed after ${seconds(started)}s`, status);
  console.log(`✔ ${step.name} (${seconds(started)}s)`);
  // Nothing is built before the checks have passed.
  if (index === 0) await checked;
}

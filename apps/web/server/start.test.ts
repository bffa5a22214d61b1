import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The web server alone (`server/start.ts`) refuses a start whose mode it cannot tell or that would
 * serve production with React's development build: one line naming the variable, exit 1, before
 * anything is built or listens.
 */
const entry = path.join(import.meta.dirname, "start.ts");

function start(env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  const run = spawnSync(process.execPath, [entry], {
    env: { PATH: PATH ?? "", HOME: HOME ?? "", API_INTERNAL_URL: "http://127.0.0.1:9", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr.trim() };
}

describe("the web server alone", () => {
  it("stops without a mode, telling to set NODE_ENV=production", () => {
    const run = start({});
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      "Invalid web configuration: neither APP_ENV nor NODE_ENV is set: set NODE_ENV=production for a deployment",
    );
  });

  it("stops on APP_ENV=production without NODE_ENV=production (React's development build)", () => {
    const envs: Record<string, string>[] = [
      { APP_ENV: "production" },
      { APP_ENV: "production", NODE_ENV: "development" },
    ];
    for (const env of envs) {
      const run = start(env);
      expect(run.status, JSON.stringify(env)).toBe(1);
      expect(run.stderr).toMatch(
        /^Invalid web configuration: APP_ENV=production without NODE_ENV=production/,
      );
    }
  });

  it("stops without API_INTERNAL_URL, in one line", () => {
    const run = start({ NODE_ENV: "production", API_INTERNAL_URL: "" });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("API_INTERNAL_URL must point at the locker API, e.g. http://api.internal:3001");
  });
});

import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `node apps/api/src/server.ts` run as an operator might, naming no mode: loadConfig's default would
 * make it the demo (sandboxes, published demo member tokens), so the process entry refuses it.
 */

const serverFile = path.resolve(import.meta.dirname, "../src/server.ts");

/** Runs the API with `env` over a test's settings, without APP_ENV and NODE_ENV, until it exits (within 20 s). */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const base: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: "memory://",
    LOG_LEVEL: "fatal",
    HOST: "127.0.0.1",
    PORT: "0",
  };
  delete base.DATABASE_URL;
  delete base.APP_ENV;
  delete base.NODE_ENV;
  const child = spawn(process.execPath, [serverFile], {
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the API did not stop:\n${output}`));
    }, 20_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("a start that names no mode", () => {
  it("stops, telling to set APP_ENV: production for a deployment, development for the demo", async () => {
    const unnamed: Record<string, string>[] = [{}, { APP_ENV: "", NODE_ENV: "" }];
    for (const env of unnamed) {
      const { code, output } = await start(env);
      expect(code, JSON.stringify(env)).toBe(1);
      expect(output.trim(), JSON.stringify(env)).toBe(
        "Invalid API configuration: neither APP_ENV nor NODE_ENV is set: set APP_ENV=production for a deployment, or APP_ENV=development for the demo",
      );
    }
  });

  it("goes on with either variable alone (here to the bad PORT it names next)", async () => {
    const modes: Record<string, string>[] = [{ APP_ENV: "test" }, { NODE_ENV: "test" }];
    for (const mode of modes) {
      const { code, output } = await start({ ...mode, PORT: "abc" });
      expect(code, JSON.stringify(mode)).toBe(1);
      expect(output, JSON.stringify(mode)).toContain("PORT is a port number");
      expect(output, JSON.stringify(mode)).not.toContain("APP_ENV");
    }
  });
});

import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dev = path.join(import.meta.dirname, "dev.ts");

/** `npm run dev` with a PORT it cannot use: one clear line and exit 1, before anything starts. */
function refused(port: string) {
  const run = spawnSync(process.execPath, [dev], {
    env: { ...process.env, PORT: port },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: run.status, stderr: run.stderr.trim() };
}

describe("npm run dev's PORT", () => {
  it("is a port number", () => {
    expect(refused("abc")).toEqual({
      status: 1,
      stderr: 'PORT is a port number from 0 to 65535 (0: any free port), not "abc"',
    });
  });

  it("leaves room for the API on the port after it", () => {
    expect(refused("65535")).toEqual({
      status: 1,
      stderr: "PORT is at most 65534 for `npm run dev`: the API listens on PORT+1",
    });
  });
});

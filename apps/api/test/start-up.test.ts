import { spawn } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { serverArgs } from "./api-process.ts";
import { freePort } from "./helpers.ts";

/**
 * A start that cannot succeed stops at once with exit code 1 and a message that names the setting
 * to fix (`src/server.ts` as an operator runs it), never a socket or driver error that names none,
 * and never the database's password.
 */

const password = "s3cr3t-password";

/**
 * Runs the API with `env` until it exits (it must within 20 s); its code and everything it wrote.
 * A variable set to `undefined` is left out of the process's environment.
 */
function start(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const base: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    LOG_LEVEL: "fatal",
    HOST: "127.0.0.1",
    PORT: "0",
  };
  delete base.DATABASE_URL;
  delete base.APP_ENV;
  const child = spawn(process.execPath, serverArgs, {
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

const production = {
  NODE_ENV: "production",
  PUBLIC_BASE_URL: "https://paxelbox.example",
  PAYMENT_SECRET: "production-payment-secret-0123",
  CAPTCHA_SECRET: "production-captcha-secret-0123",
};

describe("a start that cannot succeed", () => {
  it("names PORT or HOST when it is not one", async () => {
    const port = await start({ PORT: "abc" });
    expect(port.code).toBe(1);
    expect(port.output).toContain('PORT is a port number from 0 to 65535 (0: any free port), not "abc"');
    expect(port.output).not.toContain("ERR_SOCKET_BAD_PORT");
    const host = await start({ HOST: "http://0.0.0.0" });
    expect(host.code).toBe(1);
    expect(host.output).toContain("HOST is the interface to listen on");
  });

  it("names DATABASE_URL when it is not a PostgreSQL one, without repeating it", async () => {
    const { code, output } = await start({
      DATABASE_URL: `http://paxelbox:${password}@127.0.0.1:5432/paxelbox`,
    });
    expect(code).toBe(1);
    expect(output).toContain("DATABASE_URL is a PostgreSQL connection string");
    expect(output).not.toContain("startup packet");
    expect(output).not.toContain(password);
  });

  it("names DATABASE_URL and where it points, without its password, when the server cannot be reached", async () => {
    const port = await freePort();
    const { code, output } = await start({
      DATABASE_URL: `postgres://paxelbox:${password}@127.0.0.1:${port}/paxelbox`,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `Cannot open the database of DATABASE_URL (postgres://paxelbox@127.0.0.1:${port}/paxelbox): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(output).not.toContain(password);
  });

  // A database missing on a server that answers: where a server is at hand (CI's run on PostgreSQL).
  it.runIf(process.env.DATABASE_URL)("names DATABASE_URL when its database does not exist", async () => {
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = "/paxelbox_no_such_database";
    const { code, output } = await start({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expect(output).toMatch(
      /Cannot open the database of DATABASE_URL \(postgres(ql)?:\/\/[^)]*\/paxelbox_no_such_database\): database "paxelbox_no_such_database" does not exist/,
    );
    if (url.password) expect(output).not.toContain(url.password);
  });

  it("says it in its message alone: no stack, no frame of Node's around it", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const address = taken.address() as AddressInfo;
    try {
      const starts: Record<string, string>[] = [
        { PORT: "abc" },
        { DATABASE_URL: `postgres://paxelbox:${password}@127.0.0.1:${await freePort()}/paxelbox` },
        { ...production, NODE_ENV: "production" },
        { PORT: String(address.port) },
      ];
      let output = "";
      for (const env of starts) {
        const started = await start(env);
        output = started.output;
        expect(started.code, JSON.stringify(env)).toBe(1);
        expect(output, JSON.stringify(env)).not.toMatch(/^\s+at /m);
        expect(output, JSON.stringify(env)).not.toContain("Node.js v");
      }
      // The last: the port in use.
      expect(output).toContain(
        `Cannot listen (PORT, HOST): listen EADDRINUSE: address already in use 127.0.0.1:${address.port}`,
      );
    } finally {
      taken.close();
    }
  });

  it("does not run production on the embedded database: it names DATABASE_URL", async () => {
    const modes: Record<string, string>[] = [
      { NODE_ENV: "production" },
      { NODE_ENV: "test", APP_ENV: "production" },
    ];
    for (const mode of modes) {
      const { code, output } = await start({ ...production, ...mode });
      expect(code, JSON.stringify(mode)).toBe(1);
      expect(output).toContain("DATABASE_URL must be set in production");
      expect(output).not.toContain("Server listening");
    }
  });
});

/**
 * Run as an operator might, naming no mode: loadConfig's default would make it the demo (sandboxes,
 * published demo member tokens), so the process entry refuses it.
 */
describe("a start that names no mode", () => {
  it("stops, telling to set APP_ENV: production for a deployment, development for the demo", async () => {
    const unnamed = [
      { APP_ENV: undefined, NODE_ENV: undefined },
      { APP_ENV: "", NODE_ENV: "" },
    ];
    for (const env of unnamed) {
      const { code, output } = await start(env);
      expect(code, JSON.stringify(env)).toBe(1);
      expect(output.trim(), JSON.stringify(env)).toBe(
        "Invalid API configuration: neither APP_ENV nor NODE_ENV is set: set APP_ENV=production for a deployment, or APP_ENV=development for the demo",
      );
    }
  });

  it("goes on with either variable alone (here to the bad PORT it names next)", async () => {
    const modes = [{ APP_ENV: "test", NODE_ENV: undefined }, { NODE_ENV: "test" }];
    for (const mode of modes) {
      const { code, output } = await start({ ...mode, PORT: "abc" });
      expect(code, JSON.stringify(mode)).toBe(1);
      expect(output, JSON.stringify(mode)).toContain("PORT is a port number");
      expect(output, JSON.stringify(mode)).not.toContain("APP_ENV");
    }
  });
});

import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

/**
 * One scripted answer: a status with its headers and JSON body (given once `after` settles, if set:
 * a slow provider), or no answer at all (a timeout).
 */
export type Answer =
  | { status: number; headers?: Record<string, string>; body?: unknown; after?: Promise<unknown> }
  | "hang";

export interface ScriptedProvider {
  /** `http://127.0.0.1:<port>`, once it listens. */
  origin(): string;
  /** The requests received, in order (tests empty it): a JSON body parsed, a form's as its fields. */
  received: { url: string; headers: IncomingHttpHeaders; body: unknown }[];
  /** The next answers, in order (tests set it); once empty, 200 with `accepted()`. */
  script: Answer[];
}

/**
 * A provider's HTTP API (the Graph API, an SMS gateway, reCAPTCHA's siteverify) on a loopback port
 * for the calling test file, answering what each test scripts: retries, refusals and timeouts on
 * demand.
 */
export function useScriptedProvider(accepted: () => unknown): ScriptedProvider {
  let origin = "";
  const provider: ScriptedProvider = { origin: () => origin, received: [], script: [] };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => {
      provider.received.push({
        url: request.url ?? "",
        headers: request.headers,
        body: request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")
          ? Object.fromEntries(new URLSearchParams(raw))
          : JSON.parse(raw || "null"),
      });
      const answer = provider.script.shift() ?? { status: 200 };
      if (answer === "hang") return;
      void Promise.resolve(answer.after).then(() => {
        response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
        response.end(JSON.stringify(answer.body ?? accepted()));
      });
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return provider;
}

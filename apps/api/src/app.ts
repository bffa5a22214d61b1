import Fastify, { type FastifyInstance } from "fastify";
import type { ApiConfig } from "./config.ts";

export { type ApiConfig, loadConfig } from "./config.ts";

export interface BuildOptions {
  logger?: boolean;
}

export async function buildApp(config: ApiConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ? { level: config.logLevel } : false });
  app.get("/healthz", async () => ({ code: 200, data: { status: "ok" } }));
  return app;
}

import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@react-router/node";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";

const defaultBuildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build");

export interface WebServerOptions {
  buildDir?: string;
  logger?: boolean;
}

/** Serves the built client assets and renders every other path with React Router on the server. */
export async function buildWebServer(options: WebServerOptions = {}): Promise<FastifyInstance> {
  const buildDir = options.buildDir ?? defaultBuildDir;
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const render = createRequestListener({
    build,
    mode: process.env.NODE_ENV === "development" ? "development" : "production",
  });

  const app = Fastify({ logger: options.logger ?? false });
  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    prefix: "/",
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        "Cache-Control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
  app.all("/*", (request, reply) => {
    reply.hijack();
    render(request.raw, reply.raw);
  });
  return app;
}

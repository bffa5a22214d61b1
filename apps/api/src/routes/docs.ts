import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { buildOpenApiDocument, type CallDef, calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";

/** The OpenAPI document, generated from the contract's schemas, and a browsable page of it. */
export async function docsRoutes(app: FastifyInstance, options: { demo: boolean }): Promise<void> {
  const visible = Object.fromEntries(
    Object.entries(calls as Record<string, CallDef>).filter(([, call]) => options.demo || !call.demo),
  );
  const document = buildOpenApiDocument(visible, {
    title: "PaxelBox locker API",
    version: "1.0.0",
    description:
      "Every JSON response is `{ code, message?, data }`; code 200 means success. Errors are `{ code, message }` with the same HTTP status.",
  });
  await app.register(fastifySwagger, { mode: "static", specification: { document: document as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // The reference is framed by nobody, like every other API answer (docs/security.md).
    transformStaticCSP: (policy) => policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => document);
}

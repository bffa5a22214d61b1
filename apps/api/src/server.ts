import { startTelemetry } from "./telemetry/traces.ts";

// Traces first: the HTTP server and Fastify must be created after the instrumentation is in place.
const stopTelemetry = await startTelemetry();
const { buildApp, loadConfig } = await import("./app.ts");

const config = loadConfig();
const app = await buildApp(config, { logger: true });
if (stopTelemetry) app.addHook("onClose", stopTelemetry);
await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? "0.0.0.0" });

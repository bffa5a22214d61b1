import { buildApp, loadConfig, serveMetrics } from "./app.ts";

const config = loadConfig();
const app = await buildApp(config, { logger: true });
await serveMetrics(app, config.metrics);
await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? "0.0.0.0" });

/** Runs the web server alone (production: the API is deployed separately, see docs/deployment.md). */
import { buildWebServer } from "./app.ts";

if (!process.env.API_INTERNAL_URL) {
  console.error("API_INTERNAL_URL must point at the locker API, e.g. http://api.internal:3001");
  process.exit(1);
}
// Payment return addresses are built on the site's public address alone (src/config/env.ts).
const mode = process.env.APP_ENV ?? process.env.NODE_ENV;
if (mode === "production" && !process.env.PUBLIC_BASE_URL) {
  console.error("PUBLIC_BASE_URL must be set in production: the site's public address, the API's too");
  process.exit(1);
}
const app = await buildWebServer({ logger: true });
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "0.0.0.0" });

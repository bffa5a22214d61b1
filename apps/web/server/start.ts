/** Runs the web server alone (production: the API is deployed separately, see docs/deployment.md). */
import { exitOnStartUpError } from "@paxelbox/contract/start-up";
import { buildWebServer } from "./app.ts";
import { serveStandalone } from "./standalone.ts";

if (!process.env.API_INTERNAL_URL) {
  console.error("API_INTERNAL_URL must point at the locker API, e.g. http://api.internal:3001");
  process.exit(1);
}
// The configuration is checked as the server is built (src/config/env.ts): every bad variable,
// PORT and HOST included, and PUBLIC_BASE_URL in production, on which the payment return addresses
// are built.
const app = await buildWebServer({ logger: true }).catch(exitOnStartUpError);
// Both checked by now; empty is unset.
await serveStandalone(app, {
  port: Number(process.env.PORT || 3000),
  host: process.env.HOST || "0.0.0.0",
}).catch(exitOnStartUpError);

/** Runs the web server alone (production: the API is deployed separately, see docs/deployment.md). */
import { exitOnStartUpError, StartUpError } from "@paxelbox/contract/start-up";

// The mode first, before React is loaded (it picks its build by NODE_ENV as it loads): without one
// the server would render with React's development build and skip production's checks; with
// APP_ENV=production alone, React's development build would serve production.
const mode = process.env.APP_ENV || process.env.NODE_ENV;
if (!mode) {
  exitOnStartUpError(
    new StartUpError(
      "Invalid web configuration: neither APP_ENV nor NODE_ENV is set: set NODE_ENV=production for a deployment",
    ),
  );
}
if (mode === "production" && process.env.NODE_ENV !== "production") {
  exitOnStartUpError(
    new StartUpError(
      "Invalid web configuration: APP_ENV=production without NODE_ENV=production would render with React's development build: set NODE_ENV=production",
    ),
  );
}
if (!process.env.API_INTERNAL_URL) {
  exitOnStartUpError(
    new StartUpError("API_INTERNAL_URL must point at the locker API, e.g. http://api.internal:3001"),
  );
}

const { buildWebServer } = await import("./app.ts");
const { serveStandalone } = await import("./standalone.ts");
// The configuration is checked as the server is built (src/config/env.ts): every bad variable,
// PORT and HOST included, and PUBLIC_BASE_URL in production, on which the payment return addresses
// are built.
const app = await buildWebServer({ logger: true }).catch(exitOnStartUpError);
// Both checked by now; empty is unset.
await serveStandalone(app, {
  port: Number(process.env.PORT || 3000),
  host: process.env.HOST || "0.0.0.0",
}).catch(exitOnStartUpError);

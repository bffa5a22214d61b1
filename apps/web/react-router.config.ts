import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { buildServiceWorker } from "./build-service-worker.ts";

export default {
  appDirectory: "src",
  ssr: true,
  // A route's clientLoader stays in its route chunk: ours only return null (the screens ask for
  // their data themselves), so a chunk of their own would be one more request with nothing to
  // fetch early (ADR 022).
  splitRouteModules: false,
  // The service worker precaches what the client build produced (see build-service-worker.ts).
  async buildEnd({ reactRouterConfig }) {
    await buildServiceWorker(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;

import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { buildServiceWorker } from "./build-service-worker.ts";

export default {
  appDirectory: "src",
  ssr: true,
  // The service worker precaches what the client build produced (see build-service-worker.ts).
  async buildEnd({ reactRouterConfig }) {
    await buildServiceWorker(path.join(reactRouterConfig.buildDirectory, "client"));
  },
} satisfies Config;

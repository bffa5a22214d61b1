import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { buildServiceWorker } from "./build-service-worker.ts";
import { precompressAssets } from "./precompress-assets.ts";

export default {
  appDirectory: "src",
  ssr: true,
  // A route's clientLoader stays in its route chunk: ours only return null (the screens ask for
  // their data themselves), so a chunk of their own would be one more request with nothing to
  // fetch early (ADR 022).
  splitRouteModules: false,
  // Every route is known from the first page (one cached manifest script) rather than asked for
  // on the way: a navigation without signal (Stop Rent at the locker) cannot ask (ADR 048).
  routeDiscovery: { mode: "initial" },
  // The service worker precaches what the client build produced (see build-service-worker.ts);
  // then every text file, the worker too, gets its compressed copies (precompress-assets.ts).
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    await buildServiceWorker(clientDir);
    const { files, bytes, brotliBytes } = await precompressAssets(clientDir);
    console.info(
      `precompressed ${files} files: ${(bytes / 1024).toFixed(1)} KB, ${(brotliBytes / 1024).toFixed(1)} KB as Brotli`,
    );
  },
} satisfies Config;

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * One chunk for what every page loads: the browser entry, the root route and everything they import
 * statically (React, React Router, the layouts, i18n…). Rolldown would otherwise split that graph
 * into a few dozen chunks of a few hundred bytes each, one request apiece. Only modules every page
 * already loads go in, so no page carries more than before (ADR 022).
 */
function shellChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: "paxelbox-shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      shell.clear();
      // The root route as the browser gets it (React Router's client version, without its loader).
      const roots = [...this.getModuleIds()].filter((id) =>
        /[\\/]src[\\/](entry\.client\.tsx|root\.tsx\?__react-router-build-client-route)$/.test(id),
      );
      if (roots.length !== 2)
        this.error(`the shell chunk expects the entry and the root route, found: ${roots.join(", ")}`);
      const pending = [...roots];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (shell.has(id)) continue;
        shell.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const id of roots) shell.delete(id);
    },
  };
  return { plugin, test: (id) => shell.has(id) };
}

const shell = shellChunk();

// `npm run dev`: the API runs apart (scripts/dev.ts) and the dev server forwards its paths to it.
const apiTarget = process.env.API_INTERNAL_URL;
const apiPaths = ["/api", "/ebox", "/demo", "/healthz", "/readyz"];

export default defineConfig({
  plugins: [reactRouter(), shell.plugin],
  environments: {
    client: {
      build: {
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: "shell", test: shell.test }] } } },
      },
    },
  },
  server: apiTarget
    ? {
        proxy: Object.fromEntries(
          apiPaths.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
        ),
      }
    : {},
});

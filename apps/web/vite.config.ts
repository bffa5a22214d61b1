import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// `npm run dev`: the API runs apart (scripts/dev.ts) and the dev server forwards its paths to it.
const apiTarget = process.env.API_INTERNAL_URL;
const apiPaths = ["/api", "/ebox", "/demo", "/healthz", "/readyz"];

export default defineConfig({
  plugins: [reactRouter()],
  server: apiTarget
    ? {
        proxy: Object.fromEntries(
          apiPaths.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
        ),
      }
    : {},
});

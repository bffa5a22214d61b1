import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { base } from "./base.ts";

/** Vite's and Rolldown's defaults, as apps/web builds with them; the assets under the audit's path. */
export default defineConfig({
  base,
  plugins: [reactRouter()],
});

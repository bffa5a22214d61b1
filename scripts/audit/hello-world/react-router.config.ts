import type { Config } from "@react-router/dev/config";
import { base } from "./base.ts";

/** React Router's defaults (server rendering), under the audit's path for it. */
export default {
  ssr: true,
  basename: base,
} satisfies Config;

import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  DEMO: booleanFlag,
  PUBLIC_BASE_URL: z.string().url().optional(),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface ApiConfig {
  nodeEnv: "development" | "production" | "test";
  databaseUrl: string | undefined;
  dataDir: string;
  demo: boolean;
  publicBaseUrl: string | undefined;
  logLevel: string;
  /** Behind a load balancer: take the client address and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
}

/** Parses the API's environment once, at start-up; a bad value stops the process with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid API configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    demo: e.NODE_ENV !== "production" || e.DEMO,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

import path from "node:path";
import { z } from "zod";
import type { CaptchaConfig } from "./captcha/captcha.ts";

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
  DROPOFF_FREE_DAYS: z.coerce.number().int().min(1).max(30).default(2),
  DROPOFF_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(9),
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: "CORS_ORIGINS must be a comma-separated list of origins" }))),
  PRODUCT_NAME: z.string().min(1).max(40).default("Paxel"),
  PAYMENT_SECRET: z.string().min(16, { error: "PAYMENT_SECRET must be at least 16 characters" }).optional(),
  SNAP_BASE_URL: z.string().url().optional(),
  SNAP_PARTNER_ID: z.string().min(1).default("PAXELBOX-SANDBOX"),
  SNAP_CLIENT_SECRET: z.string().min(16).optional(),
  SNAP_CHANNEL_ID: z.string().min(1).default("95221"),
  CAPTCHA_SECRET: z.string().min(16, { error: "CAPTCHA_SECRET must be at least 16 characters" }).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
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
  /** Days a drop-off parcel stays free after it is stored, and days until its link expires. */
  dropoff: { freeDays: number; linkDays: number };
  /** Multiplies every rate limit (browser tests share one address); 1 in production. */
  rateLimitFactor: number;
  /** Origins (scheme://host[:port]) allowed to call the API from a browser; none by default. */
  corsOrigins: string[];
  /** {product}Box: the merchant name shown at checkout. */
  productName: string;
  /** ALTCHA by default; reCAPTCHA v3 when its site key and secret are both set. */
  captcha: CaptchaConfig;
  payments: {
    /** Shared secret of the gateway's signed notifications. */
    secret: string;
    /** Bank interface base URL; without it, this installation's sandbox (`/demo/snap`). */
    snapBaseUrl: string | undefined;
    snapPartnerId: string;
    snapClientSecret: string;
    snapChannelId: string;
  };
}

/** Parses the API's environment once, at start-up; a bad value stops the process with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid API configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production") {
    const recaptcha = Boolean(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET);
    const missing = [
      e.PAYMENT_SECRET ? null : "PAYMENT_SECRET",
      recaptcha || e.CAPTCHA_SECRET ? null : "CAPTCHA_SECRET",
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new Error(`Invalid API configuration: ${missing.join(" and ")} must be set in production`);
    }
  }
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR.startsWith("memory://") ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    demo: e.NODE_ENV !== "production" || e.DEMO,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    dropoff: { freeDays: e.DROPOFF_FREE_DAYS, linkDays: Math.max(e.DROPOFF_LINK_DAYS, e.DROPOFF_FREE_DAYS) },
    corsOrigins: e.CORS_ORIGINS.map((origin) => new URL(origin).origin),
    productName: e.PRODUCT_NAME,
    captcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? {
            provider: "recaptcha",
            siteKey: e.RECAPTCHA_SITE_KEY,
            secret: e.RECAPTCHA_SECRET,
            minScore: e.RECAPTCHA_MIN_SCORE,
          }
        : { provider: "altcha", secret: e.CAPTCHA_SECRET ?? developmentSecret(e.NODE_ENV, "CAPTCHA_SECRET") },
    payments: {
      secret: e.PAYMENT_SECRET ?? developmentSecret(e.NODE_ENV, "PAYMENT_SECRET"),
      snapBaseUrl: e.SNAP_BASE_URL,
      snapPartnerId: e.SNAP_PARTNER_ID,
      snapClientSecret:
        e.SNAP_CLIENT_SECRET ?? e.PAYMENT_SECRET ?? developmentSecret(e.NODE_ENV, "SNAP_CLIENT_SECRET"),
      snapChannelId: e.SNAP_CHANNEL_ID,
    },
  };
}

/** Development and tests get a fixed secret; production must configure its own. */
function developmentSecret(nodeEnv: string, name: string): string {
  if (nodeEnv === "production") {
    throw new Error(`Invalid API configuration: ${name} must be set in production`);
  }
  return "paxelbox-development-secret-not-for-production";
}

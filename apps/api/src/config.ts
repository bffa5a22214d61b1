import path from "node:path";
import { hostSetting, portSetting, type TrustProxy, TrustProxySetting } from "@paxelbox/contract";
import { StartUpError } from "@paxelbox/contract/start-up";
import { z } from "zod";
import type { CaptchaConfig } from "./captcha/captcha.ts";
import type { QuietHours } from "./notifications/schedule.ts";
import { defaultGatewayTimeoutSeconds } from "./payments/gateway.ts";
import { isPublishedKey } from "./payments/sandbox/published-keys.ts";

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

/** The SNAP BI sandbox's partner id, SNAP_PARTNER_ID's default: a real bank assigns its own. */
const sandboxPartnerId = "PAXELBOX-SANDBOX";

const notAPostgresUrl =
  "DATABASE_URL is a PostgreSQL connection string: postgres://user:password@host:5432/database";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * The deployment's mode (production: secrets required, no demo) when it differs from NODE_ENV,
   * which also picks React's build: `npm start` runs React's production build as a development
   * demo (NODE_ENV=production, APP_ENV=development). Unset, NODE_ENV decides.
   */
  APP_ENV: z.enum(["development", "production", "test"]).optional(),
  PORT: portSetting("PORT"),
  HOST: hostSetting("HOST"),
  // A URL of another scheme passes as a URL and fails later inside pg with a message that names
  // nothing (an http:// one: "no PostgreSQL user name specified in startup packet"). The message
  // never repeats the value: it may hold the password.
  DATABASE_URL: z
    .string()
    .url({ error: notAPostgresUrl })
    .refine((value) => /^postgres(ql)?:\/\//i.test(value), { error: notAPostgresUrl })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  DATA_DIR: z.string().default(".data"),
  DEMO: booleanFlag,
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** How this instance reaches itself (its sandboxes call back): the composition root sets its own port. */
  API_INTERNAL_URL: z.string().url().optional(),
  TRUST_PROXY: TrustProxySetting,
  INTERNAL_API_SECRET: z
    .string()
    .min(32, { error: "INTERNAL_API_SECRET must be at least 32 characters" })
    .optional(),
  DROPOFF_FREE_DAYS: z.coerce.number().int().min(1).max(30).default(2),
  DROPOFF_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(9),
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(100_000).default(1),
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
  PAYMENT_GATEWAY: z.enum(["sandbox", "midtrans"]).default("sandbox"),
  MIDTRANS_SERVER_KEY: z.string().min(8).optional(),
  MIDTRANS_IS_PRODUCTION: booleanFlag,
  SANDBOX_NOTIFICATIONS: z.enum(["on", "off"]).default("on"),
  PAYMENT_RECONCILE_AGE: z.coerce.number().int().min(1).max(86_400).default(30),
  PAYMENT_RECONCILE_INTERVAL: z.coerce.number().int().min(1).max(3_600).default(10),
  PAYMENT_GATEWAY_TIMEOUT: z.coerce.number().int().min(1).max(120).default(defaultGatewayTimeoutSeconds),
  SNAP_BASE_URL: z.string().url().optional(),
  SNAP_PARTNER_ID: z.string().min(1).default(sandboxPartnerId),
  SNAP_CLIENT_SECRET: z.string().min(16).optional(),
  SNAP_CHANNEL_ID: z.string().min(1).default("95221"),
  SNAP_PRIVATE_KEY: z.string().min(100).optional(),
  SNAP_GATEWAY_PUBLIC_KEY: z.string().min(100).optional(),
  CAPTCHA_SECRET: z.string().min(16, { error: "CAPTCHA_SECRET must be at least 16 characters" }).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  NOTIFICATIONS: z.enum(["on", "off"]).optional(),
  NOTIFICATIONS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  NOTIFICATIONS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  NOTIFICATIONS_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  DROPOFF_REMINDER_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  RENT_REMINDER_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  QUIET_HOURS: z
    .string()
    .regex(/^(off|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/, {
      error: "QUIET_HOURS is off, or two WIB hours from-to (21-7)",
    })
    .optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,32}$/, { error: "WHATSAPP_PHONE_NUMBER_ID is a number" })
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_GRAPH_URL: z.string().url().default("https://graph.facebook.com"),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { error: "WHATSAPP_GRAPH_VERSION looks like v23.0" })
    .default("v23.0"),
  WHATSAPP_TIMEOUT: z.coerce.number().int().min(1).max(120).default(10),
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), {
      error: "SMTP_URL looks like smtp://user:password@host:587 (or smtps://… for implicit TLS)",
    })
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  PARTNERSHIP_INBOX: z.email({ error: "PARTNERSHIP_INBOX is an e-mail address" }).optional(),
  SMTP_TIMEOUT: z.coerce.number().int().min(1).max(120).default(10),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER: z
    .string()
    .regex(/^([A-Za-z0-9 ]{3,11}|\d{3,14})$/, {
      error: "SMS_SENDER is 3 to 11 letters or digits (PaxelBox), or a number of 3 to 14 digits",
    })
    .optional(),
  SMS_TIMEOUT: z.coerce.number().int().min(1).max(120).default(10),
});

export interface ApiConfig {
  /** APP_ENV, else NODE_ENV. */
  environment: "development" | "production" | "test";
  /**
   * Where the API alone listens (`server.ts`): PORT (unset: 3001) on HOST (unset: 0.0.0.0). `npm
   * start`'s composition root reads the same variables with `listenAddress` (unset: 3000).
   */
  listen: { port: number; host: string };
  /** A PostgreSQL server (postgres:// or postgresql://), required in production; unset elsewhere: PGlite in DATA_DIR. */
  databaseUrl: string | undefined;
  /** Connections of the pool to a PostgreSQL server (`DATABASE_POOL_SIZE`); PGlite is one. */
  databasePoolSize: number;
  dataDir: string;
  demo: boolean;
  /**
   * The site's public origin (PUBLIC_BASE_URL), the only source of return and notification URLs;
   * required in production. Unset elsewhere: the address the instance listens on (app.ts).
   */
  publicBaseUrl: string | undefined;
  /**
   * How this instance reaches itself, for the sandboxes' callbacks (API_INTERNAL_URL, which the
   * composition root sets to its own port); unset, where it listens, else the public origin.
   */
  internalUrl: string | undefined;
  logLevel: string;
  /** `pretty`: one readable line per request (a terminal); `json`: one JSON object per line (log stores). */
  logFormat: "json" | "pretty";
  /**
   * Prometheus metrics on a port of their own (`GET /metrics`), never the public one: off without
   * METRICS_PORT (0: any free port); bound to 127.0.0.1 unless METRICS_HOST says otherwise.
   */
  metrics: { port: number | undefined; host: string };
  /** Proxies whose X-Forwarded-* headers name the client and protocol (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  /**
   * Shared with the web server (INTERNAL_API_SECRET): its calls that carry it may name their
   * visitor's address (`domain/rate-limit.ts`); without it, no call may.
   */
  internalApiSecret: string | undefined;
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
    /** Development secret the sandbox keys derive from when no real gateway is configured. */
    secret: string;
    /**
     * Non-interface flow: Midtrans Snap. `sandbox` talks to this installation's Midtrans sandbox
     * (`/demo/midtrans`, demo mode only); `midtrans` to Midtrans itself with MIDTRANS_SERVER_KEY;
     * `off` when neither is available (production without Midtrans): its calls answer 503.
     */
    gateway: PaymentFlow<"midtrans">;
    /** Midtrans's server key, or the sandbox's development key (sandbox flow only). */
    midtransServerKey: string;
    midtransProduction: boolean;
    /** `off`: the sandbox gateways send no notifications (try the reconciliation path by hand). */
    sandboxNotifications: boolean;
    /** Seconds a payment stays pending before the reconciliation job asks the gateway. */
    reconcileAgeSeconds: number;
    /** Seconds between two rounds of the reconciliation job. */
    reconcileIntervalSeconds: number;
    /**
     * Seconds a call to a gateway may take; a checkout being opened by another request is waited
     * for one second longer (`createOverduePayment`).
     */
    gatewayTimeoutSeconds: number;
    /**
     * Bank-interface flow (SNAP BI): `bank` at SNAP_BASE_URL with its keys; `sandbox`, this
     * installation's sandbox bank (`/demo/snap`, demo mode only); `off` otherwise (its calls answer
     * 503 and the `snap_bi_*` settings read disabled).
     */
    snap: PaymentFlow<"bank">;
    /** SNAP_BASE_URL (the `bank` flow). */
    snapBaseUrl: string | undefined;
    /** X-PARTNER-ID and the client key of the B2B access token. */
    snapPartnerId: string;
    /** HMAC-SHA512 secret of the transaction signatures. */
    snapClientSecret: string;
    snapChannelId: string;
    /** PEM private key that signs the B2B access-token request (SHA256withRSA). */
    snapPrivateKey: string | undefined;
    /** PEM public key of the bank, which verifies its notifications. */
    snapGatewayPublicKey: string | undefined;
  };
  /** Messages to people (docs/notifications.md): the outbox, its worker, WhatsApp, SMS and e-mail. */
  notifications: NotificationsConfig;
}

export interface NotificationsConfig {
  /**
   * `cloud`: the WhatsApp Business Cloud API at WHATSAPP_GRAPH_URL with its four credentials;
   * `sandbox`: this installation's Graph API sandbox (`/demo/whatsapp`, demo mode only); `off`:
   * NOTIFICATIONS=off, or production without WhatsApp's credentials (no WhatsApp message is written
   * to the outbox or sent, the webhook refuses everything).
   */
  whatsapp: "cloud" | "sandbox" | "off";
  /** WHATSAPP_GRAPH_URL (the `cloud` channel); the sandbox is reached at the instance's own address. */
  graphUrl: string;
  graphVersion: string;
  token: string;
  phoneNumberId: string;
  /** Signs the webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** Answers the webhook subscription handshake. */
  verifyToken: string;
  /** One request to the Graph API gives up after this long (and is retried). */
  timeoutMs: number;
  /**
   * `smtp`: the SMTP server at SMTP_URL; `sink`: this installation's SMTP sink on loopback (demo
   * mode only, SMTP_URL unset); `off`: NOTIFICATIONS=off, or production without SMTP_URL.
   */
  email: "smtp" | "sink" | "off";
  /** SMTP_URL (the `smtp` channel); the sink's address is known once it listens. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of every e-mail (`PaxelBox <no-reply@…>`). */
  mailFrom: string;
  /** PARTNERSHIP_INBOX: where guest-book leads go. */
  partnershipInbox: string;
  /** One SMTP connection, greeting or reply gives up after this long (and the message is retried). */
  smtpTimeoutMs: number;
  /**
   * The fallback of WhatsApp messages that will not arrive. `infobip`: Infobip's SMS API at
   * SMS_GATEWAY_URL with SMS_API_KEY; `sandbox`: this installation's SMS gateway sandbox
   * (`/demo/infobip`, demo mode only, SMS_GATEWAY_URL unset); `off`: NOTIFICATIONS=off, or production
   * without SMS_GATEWAY_URL (a WhatsApp message that fails is not sent by SMS).
   */
  sms: "infobip" | "sandbox" | "off";
  /** SMS_GATEWAY_URL (the `infobip` channel); the sandbox is reached at the instance's own address. */
  smsGatewayUrl: string | undefined;
  /** `Authorization: App <key>`. */
  smsApiKey: string;
  /** SMS_SENDER: the sender id phones show. */
  smsSender: string;
  /** One request to the SMS gateway gives up after this long (and is retried). */
  smsTimeoutMs: number;
  /** How often each instance's worker looks for due messages. */
  pollIntervalMs: number;
  /** Tries of one message before it is given up (dead letter). */
  maxAttempts: number;
  /**
   * How often each instance looks for time-driven messages whose moment has come (reminders, overdue
   * notices: `notifications/schedule.ts`), at most; the sweep runs in the worker's rounds.
   */
  sweepIntervalMs: number;
  /** How long before a drop-off's free period ends its recipient is reminded (DROPOFF_REMINDER_HOURS). */
  dropoffReminderMs: number;
  /** How long before a rent ends its member is reminded (RENT_REMINDER_MINUTES). */
  rentReminderMs: number;
  /**
   * The night in which a drop-off's reminder and overdue notice wait for the morning (QUIET_HOURS:
   * 21-7 WIB outside demo mode); null: none.
   */
  quietHours: QuietHours | null;
}

/** Where a payment flow goes: the real gateway, this installation's sandbox (demo mode), or nowhere. */
export type PaymentFlow<Real extends string> = Real | "sandbox" | "off";

/**
 * Parses the API's environment once, at start-up; a bad value stops the process with a clear message.
 * `terminal`: standard output is a terminal, so logs are readable lines unless LOG_FORMAT says otherwise.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  terminal: boolean = Boolean(process.stdout.isTTY),
): ApiConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new StartUpError(`Invalid API configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const environment = e.APP_ENV ?? e.NODE_ENV;
  // A real gateway needs its own credentials, in every environment.
  const gatewayMissing = [
    e.PAYMENT_GATEWAY === "midtrans" && !e.MIDTRANS_SERVER_KEY ? "MIDTRANS_SERVER_KEY" : null,
    e.SNAP_BASE_URL && !e.SNAP_PRIVATE_KEY ? "SNAP_PRIVATE_KEY" : null,
    e.SNAP_BASE_URL && !e.SNAP_GATEWAY_PUBLIC_KEY ? "SNAP_GATEWAY_PUBLIC_KEY" : null,
    e.SNAP_BASE_URL && !e.SNAP_CLIENT_SECRET ? "SNAP_CLIENT_SECRET" : null,
  ].filter(Boolean);
  if (gatewayMissing.length > 0) {
    throw new StartUpError(
      `Invalid API configuration: ${gatewayMissing.join(" and ")} must be set for the configured payment gateway`,
    );
  }
  const whatsappVariables = {
    WHATSAPP_TOKEN: e.WHATSAPP_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: e.WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: e.WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: e.WHATSAPP_VERIFY_TOKEN,
  };
  const whatsappMissing = Object.entries(whatsappVariables)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  const whatsappConfigured = whatsappMissing.length === 0;
  // Part of WhatsApp's credentials is a mistake in every environment; none at all is one only where
  // notifications are asked for and there is no sandbox to stand in (production without DEMO=1).
  if (!whatsappConfigured && whatsappMissing.length < 4) {
    throw new StartUpError(
      `Invalid API configuration: ${whatsappMissing.join(" and ")} must be set for WhatsApp`,
    );
  }
  // SMTP_URL needs its sender and the partnership inbox; without SMTP_URL the sink (demo mode) uses
  // them when set and development values otherwise.
  const emailMissing = [
    e.SMTP_URL ? null : "SMTP_URL",
    e.MAIL_FROM ? null : "MAIL_FROM",
    e.PARTNERSHIP_INBOX ? null : "PARTNERSHIP_INBOX",
  ].filter((name): name is string => name !== null);
  if (e.SMTP_URL && emailMissing.length > 0) {
    throw new StartUpError(`Invalid API configuration: ${emailMissing.join(" and ")} must be set for e-mail`);
  }
  // The SMS gateway needs its key and sender id; without SMS_GATEWAY_URL the sandbox (demo mode) uses
  // SMS_SENDER when set. SMS is optional in production: without it, failed WhatsApp messages stay failed.
  const smsMissing = [
    e.SMS_GATEWAY_URL ? null : "SMS_GATEWAY_URL",
    e.SMS_API_KEY ? null : "SMS_API_KEY",
    e.SMS_SENDER ? null : "SMS_SENDER",
  ].filter((name): name is string => name !== null);
  if ((e.SMS_GATEWAY_URL || e.SMS_API_KEY) && smsMissing.length > 0) {
    throw new StartUpError(`Invalid API configuration: ${smsMissing.join(" and ")} must be set for SMS`);
  }
  if (
    environment === "production" &&
    !e.DEMO &&
    e.NOTIFICATIONS === "on" &&
    (!whatsappConfigured || emailMissing.length > 0)
  ) {
    throw new StartUpError(
      `Invalid API configuration: ${[...whatsappMissing, ...emailMissing].join(" and ")} must be set in production with NOTIFICATIONS=on`,
    );
  }
  if (environment === "production") {
    const recaptcha = Boolean(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET);
    // N stateless instances share one PostgreSQL server (docs/deployment.md); on PGlite each would
    // keep a database of its own, and a production start without the server is a mistake.
    const missing = [
      e.DATABASE_URL ? null : "DATABASE_URL",
      e.PUBLIC_BASE_URL ? null : "PUBLIC_BASE_URL",
      e.PAYMENT_SECRET ? null : "PAYMENT_SECRET",
      recaptcha || e.CAPTCHA_SECRET ? null : "CAPTCHA_SECRET",
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new StartUpError(`Invalid API configuration: ${missing.join(" and ")} must be set in production`);
    }
  }
  // A real gateway's settings that are the sandboxes' would take payments at Midtrans's sandbox, or
  // sign and verify with keys anyone can read in this repository.
  if (environment === "production" && !e.DEMO) {
    const midtrans = e.PAYMENT_GATEWAY === "midtrans";
    const sandboxed = [
      midtrans && !e.MIDTRANS_IS_PRODUCTION
        ? "MIDTRANS_IS_PRODUCTION must be 1 in production with PAYMENT_GATEWAY=midtrans (otherwise its payments go to Midtrans's sandbox)"
        : null,
      midtrans && e.MIDTRANS_SERVER_KEY?.startsWith("SB-Mid-server-")
        ? "MIDTRANS_SERVER_KEY is a Midtrans sandbox key (SB-Mid-server-…): production needs the production one"
        : null,
      e.SNAP_PRIVATE_KEY && isPublishedKey(e.SNAP_PRIVATE_KEY)
        ? "SNAP_PRIVATE_KEY is a development key published in this repository: production needs a key of its own"
        : null,
      e.SNAP_GATEWAY_PUBLIC_KEY && isPublishedKey(e.SNAP_GATEWAY_PUBLIC_KEY)
        ? "SNAP_GATEWAY_PUBLIC_KEY is a development key published in this repository: production needs the bank's"
        : null,
      e.SNAP_BASE_URL && e.SNAP_PARTNER_ID === sandboxPartnerId
        ? `SNAP_PARTNER_ID must be set in production with SNAP_BASE_URL: the bank's partner id, not the sandbox's ${sandboxPartnerId}`
        : null,
    ].filter(Boolean);
    if (sandboxed.length > 0) {
      throw new StartUpError(`Invalid API configuration: ${sandboxed.join("; ")}`);
    }
  }
  // The sandboxes (and their published keys) exist in demo mode only: never in production without DEMO=1.
  const demo = environment !== "production" || e.DEMO;
  const quietHours = parseQuietHours(e.QUIET_HOURS ?? (demo ? "off" : "21-7"), e.DROPOFF_REMINDER_HOURS);
  const sandboxOr = <Real extends string>(real: Real | null): PaymentFlow<Real> =>
    real ?? (demo ? "sandbox" : "off");
  const midtransFlow = sandboxOr(e.PAYMENT_GATEWAY === "midtrans" ? "midtrans" : null);
  const snapFlow = sandboxOr(e.SNAP_BASE_URL ? "bank" : null);
  const whatsapp: NotificationsConfig["whatsapp"] =
    e.NOTIFICATIONS === "off" ? "off" : whatsappConfigured ? "cloud" : demo ? "sandbox" : "off";
  const email: NotificationsConfig["email"] =
    e.NOTIFICATIONS === "off" ? "off" : e.SMTP_URL ? "smtp" : demo ? "sink" : "off";
  const sms: NotificationsConfig["sms"] =
    e.NOTIFICATIONS === "off" ? "off" : e.SMS_GATEWAY_URL ? "infobip" : demo ? "sandbox" : "off";
  const sandboxSecret = `${e.PAYMENT_SECRET ?? developmentSecret(environment, "PAYMENT_SECRET")}`;
  return {
    environment,
    listen: { port: e.PORT ?? defaultPort, host: e.HOST ?? defaultHost },
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR.startsWith("memory://") ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    demo,
    publicBaseUrl: e.PUBLIC_BASE_URL ? new URL(e.PUBLIC_BASE_URL).origin : undefined,
    internalUrl: e.API_INTERNAL_URL ? new URL(e.API_INTERNAL_URL).origin : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? "pretty" : "json"),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    trustProxy: e.TRUST_PROXY,
    internalApiSecret: e.INTERNAL_API_SECRET,
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
            verifyUrl: e.RECAPTCHA_VERIFY_URL,
            hostname: e.PUBLIC_BASE_URL ? new URL(e.PUBLIC_BASE_URL).hostname : undefined,
          }
        : {
            provider: "altcha",
            secret: e.CAPTCHA_SECRET ?? developmentSecret(environment, "CAPTCHA_SECRET"),
          },
    payments: {
      secret: e.PAYMENT_SECRET ?? developmentSecret(environment, "PAYMENT_SECRET"),
      gateway: midtransFlow,
      midtransServerKey:
        e.MIDTRANS_SERVER_KEY ??
        `SB-Mid-server-${e.PAYMENT_SECRET ?? developmentSecret(environment, "PAYMENT_SECRET")}`,
      midtransProduction: e.MIDTRANS_IS_PRODUCTION,
      sandboxNotifications: e.SANDBOX_NOTIFICATIONS === "on",
      reconcileAgeSeconds: e.PAYMENT_RECONCILE_AGE,
      reconcileIntervalSeconds: e.PAYMENT_RECONCILE_INTERVAL,
      gatewayTimeoutSeconds: e.PAYMENT_GATEWAY_TIMEOUT,
      snap: snapFlow,
      snapBaseUrl: e.SNAP_BASE_URL,
      snapPartnerId: e.SNAP_PARTNER_ID,
      snapClientSecret:
        e.SNAP_CLIENT_SECRET ?? e.PAYMENT_SECRET ?? developmentSecret(environment, "SNAP_CLIENT_SECRET"),
      snapChannelId: e.SNAP_CHANNEL_ID,
      snapPrivateKey: e.SNAP_PRIVATE_KEY,
      snapGatewayPublicKey: e.SNAP_GATEWAY_PUBLIC_KEY,
    },
    notifications: {
      whatsapp,
      graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/$/, ""),
      graphVersion: e.WHATSAPP_GRAPH_VERSION,
      // The sandbox's credentials are development values, trusted in demo mode only (like the
      // payment sandboxes' keys); `off` and `cloud` never use them.
      token: e.WHATSAPP_TOKEN ?? "sandbox-whatsapp-access-token",
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? "109876543210987",
      appSecret: e.WHATSAPP_APP_SECRET ?? `whatsapp-sandbox-app-secret:${sandboxSecret}`,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? "paxelbox-sandbox-verify-token",
      timeoutMs: e.WHATSAPP_TIMEOUT * 1000,
      email,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME}Box <no-reply@paxelbox.localhost>`,
      partnershipInbox: e.PARTNERSHIP_INBOX ?? "partnership@paxelbox.localhost",
      smtpTimeoutMs: e.SMTP_TIMEOUT * 1000,
      sms,
      smsGatewayUrl: e.SMS_GATEWAY_URL?.replace(/\/$/, ""),
      // A development value, trusted by the sandbox in demo mode only.
      smsApiKey: e.SMS_API_KEY ?? `sms-sandbox-api-key:${sandboxSecret}`,
      smsSender: e.SMS_SENDER ?? `${e.PRODUCT_NAME}Box`.replace(/[^A-Za-z0-9 ]/g, "").slice(0, 11),
      smsTimeoutMs: e.SMS_TIMEOUT * 1000,
      pollIntervalMs: e.NOTIFICATIONS_POLL_MS,
      maxAttempts: e.NOTIFICATIONS_MAX_ATTEMPTS,
      sweepIntervalMs: e.NOTIFICATIONS_SWEEP_MS,
      dropoffReminderMs: e.DROPOFF_REMINDER_HOURS * 3_600_000,
      rentReminderMs: e.RENT_REMINDER_MINUTES * 60_000,
      quietHours,
    },
  };
}

/**
 * QUIET_HOURS: `off`, or `from-to` in WIB hours. A drop-off's reminder is due from its moment to its
 * deadline, so a lead no longer than the night could fall in it whole and never be written.
 */
function parseQuietHours(value: string, reminderHours: number): QuietHours | null {
  if (value === "off") return null;
  const [from, to] = value.split("-").map(Number) as [number, number];
  if (from === to)
    throw new StartUpError("Invalid API configuration: QUIET_HOURS from and to are the same hour");
  const length = (to - from + 24) % 24;
  if (reminderHours <= length) {
    throw new StartUpError(
      `Invalid API configuration: DROPOFF_REMINDER_HOURS (${reminderHours}) must be longer than QUIET_HOURS (${length} hours), or a reminder could fall in them whole`,
    );
  }
  return { from, to };
}

/** Where the API alone listens without PORT and HOST. */
const defaultPort = 3001;
const defaultHost = "0.0.0.0";

const ListenSchema = z.object({ PORT: EnvSchema.shape.PORT, HOST: EnvSchema.shape.HOST });

/**
 * PORT and HOST alone, for `npm start`'s composition root, which listens before the API's whole
 * configuration can be read (the API's own address follows from the port); unset, undefined.
 */
export function listenAddress(env: Record<string, string | undefined> = process.env): {
  port: number | undefined;
  host: string | undefined;
} {
  const parsed = ListenSchema.safeParse(env);
  if (!parsed.success) throw new StartUpError(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  return { port: parsed.data.PORT, host: parsed.data.HOST };
}

/**
 * DATABASE_URL as a message may show it: scheme, user, host, port and database, never the password
 * (nor the query, where a password may be given too).
 */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const user = url.username ? `${url.username}@` : "";
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

/** Development and tests get a fixed secret; production must configure its own. */
function developmentSecret(nodeEnv: string, name: string): string {
  if (nodeEnv === "production") {
    throw new StartUpError(`Invalid API configuration: ${name} must be set in production`);
  }
  return "paxelbox-development-secret-not-for-production";
}

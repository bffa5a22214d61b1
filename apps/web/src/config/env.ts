import { hostSetting, portSetting } from "@paxelbox/contract";
import { StartUpError } from "@paxelbox/contract/start-up";
import { z } from "zod";
import { envDefaults, type PublicConfig, toPublicConfig } from "./public-config";

export { envDefaults, type PublicConfig, type SocialNetwork, toPublicConfig } from "./public-config";

/**
 * The web app's environment (white-labelling and where things live), parsed with zod once, when
 * the web server starts (`config.server.ts`: the environment it is given, `process.env` unless the
 * composition root gives its own); the loaders read it from their request's context and the
 * browser receives `PublicConfig` through the root loader. Defaults use `.example` domains so nothing points at a real brand by accident.
 */

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
/** An http(s) URL, or empty to switch the feature off. */
const optionalHttpUrl = z.union([z.literal(""), httpUrl]);
/** Origin-relative or absolute base URL without a trailing slash ("" = same origin). */
const baseUrl = z.union([z.literal(""), httpUrl]).transform((value) => value.replace(/\/+$/, ""));
/** A tile URL template with `{z}`, `{x}` and `{y}`, or empty for a map without tiles. */
const tileTemplate = z.union([
  z.literal(""),
  httpUrl.refine((value) => ["{z}", "{x}", "{y}"].every((part) => value.includes(part)), {
    error: "must contain {z}, {x} and {y}",
  }),
]);
/** A URL template with `{lat}` and `{lng}` placeholders. */
const mapsTemplate = httpUrl.refine((value) => value.includes("{lat}") && value.includes("{lng}"), {
  error: "must contain {lat} and {lng}",
});

const d = envDefaults;

export const WebEnv = z.object({
  PRODUCT_NAME: z.string().trim().min(1).max(40).default(d.PRODUCT_NAME),
  MAIN_SITE_URL: baseUrl.default(d.MAIN_SITE_URL),
  CORPORATE_SITE_URL: baseUrl.default(d.CORPORATE_SITE_URL),
  PARTNER_SITE_URL: baseUrl.default(d.PARTNER_SITE_URL),
  KIOSK_SITE_URL: httpUrl.default(d.KIOSK_SITE_URL),
  LOCKER_SITE_URL: httpUrl.default(d.LOCKER_SITE_URL),
  CHATBOT_URL: optionalHttpUrl.default(d.CHATBOT_URL),
  PLAY_STORE_URL: optionalHttpUrl.default(d.PLAY_STORE_URL),
  APP_STORE_URL: optionalHttpUrl.default(d.APP_STORE_URL),
  SOCIAL_INSTAGRAM_URL: optionalHttpUrl.default(d.SOCIAL_INSTAGRAM_URL),
  SOCIAL_FACEBOOK_URL: optionalHttpUrl.default(d.SOCIAL_FACEBOOK_URL),
  SOCIAL_X_URL: optionalHttpUrl.default(d.SOCIAL_X_URL),
  SOCIAL_YOUTUBE_URL: optionalHttpUrl.default(d.SOCIAL_YOUTUBE_URL),
  SOCIAL_LINKEDIN_URL: optionalHttpUrl.default(d.SOCIAL_LINKEDIN_URL),
  SOCIAL_TIKTOK_URL: optionalHttpUrl.default(d.SOCIAL_TIKTOK_URL),
  MAP_EMBED_URL: optionalHttpUrl.default(d.MAP_EMBED_URL),
  MAP_TILE_URL: tileTemplate.default(d.MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(200).default(d.MAP_TILE_ATTRIBUTION),
  MAPS_SEARCH_URL: mapsTemplate.default(d.MAPS_SEARCH_URL),
  API_BASE_URL: baseUrl.default(d.API_BASE_URL),
  API_INTERNAL_URL: baseUrl.optional(),
  /**
   * The API's reCAPTCHA site key, set alike on the web servers: the guest book's challenge then
   * loads Google's script, which the pages' CSP must allow. Empty: ALTCHA, nothing allowed.
   */
  RECAPTCHA_SITE_KEY: z.string().trim().optional(),
  /** The site's public address (the API's too): where the gateways send a payer back. */
  PUBLIC_BASE_URL: baseUrl.optional(),
  /** Shared with the API: the loaders' calls prove with it that they may name their visitor's address. */
  INTERNAL_API_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  // 0: any free port (tests, `PORT=0 npm start`); the composition root then sets API_INTERNAL_URL.
  // Checked here, as the server is built, so that a bad value stops the start naming it.
  PORT: portSetting("PORT"),
  /** The interface the web server alone listens on (`server/start.ts`); 0.0.0.0 unset. */
  HOST: hostSetting("HOST"),
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  APP_ENV: z.enum(["development", "production", "test"]).optional(),
  /** Share of page views that report their Web Vitals, 0 to 1: 0.1 in production, every one otherwise. */
  WEB_VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
});

export interface ServerConfig {
  public: PublicConfig;
  /** Where the kiosk (`/locker`) and locker (`/paxelbox`) redirects go. */
  kioskSiteUrl: string;
  lockerSiteUrl: string;
  /** Base URL of the API for server-side loaders. */
  apiInternalUrl: string;
  /**
   * PUBLIC_BASE_URL, else `http://localhost:PORT` (what `npm start` serves): the origin of the
   * payment return addresses — configuration, never the request's Host.
   */
  publicBaseUrl: string;
  /** The server's cookies carry `Secure`: the public address is HTTPS (configuration, never the request's scheme). */
  secureCookies: boolean;
  /** INTERNAL_API_SECRET: without it the API counts the loaders' calls for the web server's address. */
  internalApiSecret: string | undefined;
  /** Share of page views (0 to 1) that send their Web Vitals to the API. */
  webVitalsSampleRate: number;
  /** What the pages' CSP allows besides this site: the API's origin (API_BASE_URL on another host), reCAPTCHA. */
  csp: { apiOrigin: string | undefined; recaptcha: boolean };
}

/** Parses an environment; throws one readable error listing every bad variable. */
export function parseWebEnv(env: Record<string, string | undefined>): ServerConfig {
  // Only our own variables are read; an empty string switches an optional link off.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in WebEnv.shape && value !== undefined),
  );
  const parsed = WebEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new StartUpError(`Invalid web configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  // The payment return addresses are built on it alone, never on the request's Host: production
  // names it, as the API's start-up demands (a split deployment would send payers to localhost).
  if ((e.APP_ENV ?? e.NODE_ENV) === "production" && !e.PUBLIC_BASE_URL) {
    throw new StartUpError(
      "Invalid web configuration: PUBLIC_BASE_URL must be set in production: the site's public address, the API's too",
    );
  }
  const publicBase = new URL(e.PUBLIC_BASE_URL || `http://localhost:${e.PORT ?? 3000}`);
  return {
    public: toPublicConfig(e),
    kioskSiteUrl: e.KIOSK_SITE_URL,
    lockerSiteUrl: e.LOCKER_SITE_URL,
    apiInternalUrl: e.API_INTERNAL_URL || `http://127.0.0.1:${e.PORT ?? 3000}`,
    publicBaseUrl: publicBase.origin,
    secureCookies: publicBase.protocol === "https:",
    internalApiSecret: e.INTERNAL_API_SECRET,
    webVitalsSampleRate: e.WEB_VITALS_SAMPLE_RATE ?? ((e.APP_ENV ?? e.NODE_ENV) === "production" ? 0.1 : 1),
    csp: {
      apiOrigin: e.API_BASE_URL ? new URL(e.API_BASE_URL).origin : undefined,
      recaptcha: Boolean(e.RECAPTCHA_SITE_KEY),
    },
  };
}

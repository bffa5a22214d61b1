/**
 * The configuration the browser receives (no zod here: this module is part of the client bundle).
 * `env.ts` parses the environment on the server and hands `toPublicConfig(...)` to the root loader.
 */

export const envDefaults = {
  PRODUCT_NAME: "Paxel",
  MAIN_SITE_URL: "https://www.paxel.example",
  CORPORATE_SITE_URL: "https://corporate.paxel.example",
  PARTNER_SITE_URL: "https://partner.paxel.example",
  KIOSK_SITE_URL: "https://kiosk.paxel.example",
  LOCKER_SITE_URL: "https://locker.paxel.example",
  CHATBOT_URL: "https://chat.paxel.example",
  PLAY_STORE_URL: "https://play.store.example/apps/details?id=example.paxel",
  APP_STORE_URL: "https://apps.store.example/app/paxel",
  SOCIAL_INSTAGRAM_URL: "https://instagram.example/paxel",
  SOCIAL_FACEBOOK_URL: "https://facebook.example/paxel",
  SOCIAL_X_URL: "https://x.example/paxel",
  SOCIAL_YOUTUBE_URL: "https://youtube.example/@paxel",
  SOCIAL_LINKEDIN_URL: "https://linkedin.example/company/paxel",
  SOCIAL_TIKTOK_URL: "https://tiktok.example/@paxel",
  MAP_EMBED_URL: "",
  MAP_TILE_URL: "https://tiles.paxel.example/{z}/{x}/{y}.png",
  MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors",
  MAPS_SEARCH_URL: "https://maps.example/search?query={lat},{lng}",
  API_BASE_URL: "",
} as const;

/** The variables `toPublicConfig` reads, after parsing. */
export interface PublicEnv {
  PRODUCT_NAME: string;
  MAIN_SITE_URL: string;
  CORPORATE_SITE_URL: string;
  PARTNER_SITE_URL: string;
  CHATBOT_URL: string;
  PLAY_STORE_URL: string;
  APP_STORE_URL: string;
  SOCIAL_INSTAGRAM_URL: string;
  SOCIAL_FACEBOOK_URL: string;
  SOCIAL_X_URL: string;
  SOCIAL_YOUTUBE_URL: string;
  SOCIAL_LINKEDIN_URL: string;
  SOCIAL_TIKTOK_URL: string;
  MAP_EMBED_URL: string;
  MAP_TILE_URL: string;
  MAP_TILE_ATTRIBUTION: string;
  MAPS_SEARCH_URL: string;
  API_BASE_URL: string;
}

/** Everything the browser may know. Every value is public. */
export function toPublicConfig(env: PublicEnv) {
  return {
    productName: env.PRODUCT_NAME,
    /** `{product}Box`, e.g. "PaxelBox". */
    productBoxName: `${env.PRODUCT_NAME}Box`,
    mainSiteUrl: env.MAIN_SITE_URL,
    corporateSiteUrl: env.CORPORATE_SITE_URL,
    partnerSiteUrl: env.PARTNER_SITE_URL,
    chatbotUrl: env.CHATBOT_URL,
    playStoreUrl: env.PLAY_STORE_URL,
    appStoreUrl: env.APP_STORE_URL,
    social: {
      instagram: env.SOCIAL_INSTAGRAM_URL,
      facebook: env.SOCIAL_FACEBOOK_URL,
      x: env.SOCIAL_X_URL,
      youtube: env.SOCIAL_YOUTUBE_URL,
      linkedin: env.SOCIAL_LINKEDIN_URL,
      tiktok: env.SOCIAL_TIKTOK_URL,
    },
    mapEmbedUrl: env.MAP_EMBED_URL,
    /** Leaflet tile template (`{z}/{x}/{y}`) of the locker finder's map; empty: markers only. */
    mapTileUrl: env.MAP_TILE_URL,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION,
    mapsSearchUrl: env.MAPS_SEARCH_URL,
    apiBaseUrl: env.API_BASE_URL,
  };
}

export type PublicConfig = ReturnType<typeof toPublicConfig>;
export type SocialNetwork = keyof PublicConfig["social"];

/** Used only when the root loader could not run (e.g. an error page): the documented defaults. */
export const fallbackPublicConfig: PublicConfig = toPublicConfig(envDefaults);

import { describe, expect, it } from "vitest";
import { envDefaults, parseWebEnv } from "./env";

describe("web configuration", () => {
  it("has working defaults on .example domains", () => {
    const config = parseWebEnv({});
    expect(config.public.productName).toBe("Paxel");
    expect(config.public.productBoxName).toBe("PaxelBox");
    expect(config.public.apiBaseUrl).toBe("");
    expect(config.kioskSiteUrl).toBe(envDefaults.KIOSK_SITE_URL);
    expect(config.apiInternalUrl).toBe("http://127.0.0.1:3000");
    for (const value of Object.values(envDefaults)) {
      if (value.startsWith("http")) expect(new URL(value).hostname).toMatch(/\.example$/);
    }
  });

  it("reads white-label values and trims trailing slashes of base URLs", () => {
    const config = parseWebEnv({
      PRODUCT_NAME: "Acme",
      MAIN_SITE_URL: "https://acme.test/",
      API_BASE_URL: "https://api.acme.test/",
      API_INTERNAL_URL: "http://10.0.0.2:8080",
      CHATBOT_URL: "",
      UNRELATED: "ignored",
    });
    expect(config.public.productBoxName).toBe("AcmeBox");
    expect(config.public.mainSiteUrl).toBe("https://acme.test");
    expect(config.public.apiBaseUrl).toBe("https://api.acme.test");
    expect(config.public.chatbotUrl).toBe("");
    expect(config.apiInternalUrl).toBe("http://10.0.0.2:8080");
  });

  it("samples every page view's Web Vitals, one in ten in production, unless told otherwise", () => {
    expect(parseWebEnv({}).webVitalsSampleRate).toBe(1);
    const production = { NODE_ENV: "production", PUBLIC_BASE_URL: "https://box.example" };
    expect(parseWebEnv(production).webVitalsSampleRate).toBe(0.1);
    expect(parseWebEnv({ ...production, WEB_VITALS_SAMPLE_RATE: "0.25" }).webVitalsSampleRate).toBe(0.25);
    expect(() => parseWebEnv({ WEB_VITALS_SAMPLE_RATE: "2" })).toThrow(/WEB_VITALS_SAMPLE_RATE/);
  });

  it("takes the site's address from PUBLIC_BASE_URL, required in production, else where npm start serves", () => {
    expect(parseWebEnv({ PUBLIC_BASE_URL: "https://box.example/" }).publicBaseUrl).toBe(
      "https://box.example",
    );
    expect(parseWebEnv({ PORT: "4100" }).publicBaseUrl).toBe("http://localhost:4100");
    // The server's cookies are Secure by that address alone.
    expect(parseWebEnv({ PUBLIC_BASE_URL: "https://box.example/" }).secureCookies).toBe(true);
    expect(parseWebEnv({ PORT: "4100" }).secureCookies).toBe(false);
    expect(parseWebEnv({ APP_ENV: "development", NODE_ENV: "production" }).publicBaseUrl).toBe(
      "http://localhost:3000",
    );
    for (const mode of [{ NODE_ENV: "production" }, { APP_ENV: "production", NODE_ENV: "test" }]) {
      expect(() => parseWebEnv(mode)).toThrow(/PUBLIC_BASE_URL must be set in production/);
      expect(() => parseWebEnv({ ...mode, PUBLIC_BASE_URL: "" })).toThrow(/PUBLIC_BASE_URL/);
    }
  });

  it("uses PORT for the internal API URL when it is not set", () => {
    expect(parseWebEnv({ PORT: "4100" }).apiInternalUrl).toBe("http://127.0.0.1:4100");
  });

  it("accepts PORT=0 (any free port) beside the internal API URL the composition root sets", () => {
    expect(parseWebEnv({ PORT: "0", API_INTERNAL_URL: "http://127.0.0.1:41234" }).apiInternalUrl).toBe(
      "http://127.0.0.1:41234",
    );
    expect(() => parseWebEnv({ PORT: "70000" })).toThrow(/PORT/);
  });

  it("names PORT or HOST when it is not one, before the web server listens", () => {
    for (const port of ["abc", "70000", "-1", "1e3"]) {
      expect(() => parseWebEnv({ PORT: port }), port).toThrow(/PORT is a port number from 0 to 65535/);
    }
    for (const host of ["http://0.0.0.0", "0.0.0.0:3000", "a host"]) {
      expect(() => parseWebEnv({ HOST: host }), host).toThrow(/HOST is the interface to listen on/);
    }
    // Empty is unset: where `npm start` serves, not port 0.
    expect(parseWebEnv({ PORT: "", HOST: "" }).apiInternalUrl).toBe("http://127.0.0.1:3000");
    expect(() => parseWebEnv({ HOST: "::" })).not.toThrow();
  });

  it("lets the pages' CSP allow what is configured: the API's other origin, reCAPTCHA's site key", () => {
    expect(parseWebEnv({}).csp).toEqual({ apiOrigin: undefined, recaptcha: false });
    expect(parseWebEnv({ RECAPTCHA_SITE_KEY: " " }).csp.recaptcha).toBe(false);
    expect(
      parseWebEnv({ API_BASE_URL: "https://api.acme.test/v1/", RECAPTCHA_SITE_KEY: "site-key" }).csp,
    ).toEqual({ apiOrigin: "https://api.acme.test", recaptcha: true });
    expect(() => parseWebEnv({ API_BASE_URL: "api.acme.test" })).toThrow(/API_BASE_URL/);
  });

  it("names every bad variable", () => {
    expect(() => parseWebEnv({ KIOSK_SITE_URL: "not a url", MAPS_SEARCH_URL: "https://m.test/" })).toThrow(
      /KIOSK_SITE_URL[\s\S]*MAPS_SEARCH_URL|MAPS_SEARCH_URL[\s\S]*KIOSK_SITE_URL/,
    );
    expect(() => parseWebEnv({ CHATBOT_URL: "javascript:alert(1)" })).toThrow(/CHATBOT_URL/);
  });
});

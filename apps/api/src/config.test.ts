import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeDatabaseUrl, listenAddress, loadConfig } from "./config.ts";
import { snapKeys } from "./payments/sandbox/development-keys.ts";

describe("API configuration", () => {
  it("has working defaults for development", () => {
    const config = loadConfig({});
    expect(config.demo).toBe(true);
    expect(config.dataDir).toBe(path.resolve(".data"));
    expect(config.productName).toBe("Paxel");
  });

  it("takes its mode from APP_ENV where it is set, else from NODE_ENV (which also picks React's build)", () => {
    // `npm start`: React's production build, the API a development demo.
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "development" })).toMatchObject({
      environment: "development",
      demo: true,
    });
    // A deployment that sets NODE_ENV=production alone is production.
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/must be set in production/);
    // APP_ENV=production is production whatever NODE_ENV says.
    expect(() => loadConfig({ NODE_ENV: "development", APP_ENV: "production" })).toThrow(
      /must be set in production/,
    );
  });

  it("keeps an in-memory database as it is", () => {
    expect(loadConfig({ DATA_DIR: "memory://" }).dataDir).toBe("memory://");
  });

  it("turns demo off in production unless DEMO=1, and demands its own address and secrets there", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /DATABASE_URL and PUBLIC_BASE_URL and PAYMENT_SECRET and CAPTCHA_SECRET/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://paxelbox@db.internal:5432/paxelbox",
        PAYMENT_SECRET: "0123456789abcdef0123",
        CAPTCHA_SECRET: "fedcba9876543210fedc",
      }),
    ).toThrow(/PUBLIC_BASE_URL must be set in production/);
    const secret = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://paxelbox@db.internal:5432/paxelbox",
      PUBLIC_BASE_URL: "https://paxelbox.example/",
      PAYMENT_SECRET: "0123456789abcdef0123",
      CAPTCHA_SECRET: "fedcba9876543210fedc",
    };
    expect(loadConfig(secret).publicBaseUrl).toBe("https://paxelbox.example");
    // No gateway configured and no demo: both payment flows are off, never a sandbox.
    expect(loadConfig(secret)).toMatchObject({ demo: false, payments: { gateway: "off", snap: "off" } });
    const gateway = {
      ...secret,
      PAYMENT_GATEWAY: "midtrans",
      MIDTRANS_SERVER_KEY: "Mid-server-0123456789",
      MIDTRANS_IS_PRODUCTION: "1",
    };
    expect(loadConfig(gateway)).toMatchObject({
      demo: false,
      payments: { gateway: "midtrans", snap: "off" },
    });
    expect(loadConfig({ ...secret, DEMO: "1" })).toMatchObject({
      demo: true,
      payments: { gateway: "sandbox", snap: "sandbox" },
    });
  });

  it("demands a real gateway's credentials with it", () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: "midtrans" })).toThrow(/MIDTRANS_SERVER_KEY/);
    expect(() => loadConfig({ SNAP_BASE_URL: "https://bank.example/snap" })).toThrow(
      /SNAP_PRIVATE_KEY and SNAP_GATEWAY_PUBLIC_KEY and SNAP_CLIENT_SECRET/,
    );
    expect(loadConfig({}).payments).toMatchObject({ gateway: "sandbox", reconcileAgeSeconds: 30 });
  });

  it("reads the drop-off free days and link lifetime", () => {
    expect(loadConfig({}).dropoff).toEqual({ freeDays: 2, linkDays: 9 });
    expect(loadConfig({ DROPOFF_FREE_DAYS: "3", DROPOFF_LINK_DAYS: "14" }).dropoff).toEqual({
      freeDays: 3,
      linkDays: 14,
    });
    expect(() => loadConfig({ DROPOFF_FREE_DAYS: "0" })).toThrow(/DROPOFF_FREE_DAYS/);
  });

  it("logs readable lines in a terminal and JSON lines elsewhere, unless LOG_FORMAT says", () => {
    expect(loadConfig({}, true).logFormat).toBe("pretty");
    expect(loadConfig({}, false).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "json" }, true).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "pretty" }, false).logFormat).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("serves metrics only when METRICS_PORT is set, on the loopback interface by default", () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics.host).toBe("0.0.0.0");
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 10 by default, and refuses a pool of none", () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "ten" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("reaches itself at API_INTERNAL_URL when it is set (the composition root's own port)", () => {
    expect(loadConfig({}).internalUrl).toBeUndefined();
    expect(loadConfig({ API_INTERNAL_URL: "http://127.0.0.1:41234/" }).internalUrl).toBe(
      "http://127.0.0.1:41234",
    );
    expect(() => loadConfig({ API_INTERNAL_URL: "api.internal" })).toThrow(/API_INTERNAL_URL/);
  });

  it("stops with a clear message on a bad value", () => {
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("listens on PORT and HOST, 3001 on every interface by default, and names either when it is bad", () => {
    expect(loadConfig({}).listen).toEqual({ port: 3001, host: "0.0.0.0" });
    expect(loadConfig({ PORT: "8080", HOST: "127.0.0.1" }).listen).toEqual({ port: 8080, host: "127.0.0.1" });
    // Empty is unset; 0 is any free port (tests); IPv6 and host names are interfaces too.
    expect(loadConfig({ PORT: "", HOST: "" }).listen).toEqual({ port: 3001, host: "0.0.0.0" });
    expect(loadConfig({ PORT: "0", HOST: "::" }).listen).toEqual({ port: 0, host: "::" });
    expect(loadConfig({ HOST: "api.internal" }).listen.host).toBe("api.internal");
    for (const port of ["abc", "70000", "-1", "30.5", "1e3"]) {
      expect(() => loadConfig({ PORT: port }), port).toThrow(/PORT is a port number from 0 to 65535/);
    }
    for (const host of ["http://0.0.0.0", "0.0.0.0:3000", "a host"]) {
      expect(() => loadConfig({ HOST: host }), host).toThrow(/HOST is the interface to listen on/);
    }
  });

  it("reads PORT and HOST alone for the composition root, which listens before the rest is read", () => {
    expect(listenAddress({})).toEqual({ port: undefined, host: undefined });
    expect(listenAddress({ PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production" })).toEqual({
      port: 0,
      host: "127.0.0.1",
    });
    expect(() => listenAddress({ PORT: "abc" })).toThrow(/PORT is a port number/);
    expect(() => listenAddress({ HOST: "http://x" })).toThrow(/HOST is the interface/);
  });

  it("takes a PostgreSQL connection string only, and never repeats it in its message", () => {
    for (const url of [
      "postgres://paxelbox:secret@db.internal:5432/paxelbox",
      "postgresql://paxelbox:secret@db.internal/paxelbox?sslmode=require",
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    for (const url of [
      "http://paxelbox:s3cr3t-value@db.internal:5432/paxelbox",
      "mysql://u:s3cr3t-value@h/db",
    ]) {
      let message = "";
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, url).toMatch(/DATABASE_URL is a PostgreSQL connection string: postgres:\/\//);
      expect(message, url).not.toContain("s3cr3t-value");
    }
  });

  it("shows where DATABASE_URL points without its password or query", () => {
    expect(describeDatabaseUrl("postgres://paxelbox:s3cr3t@db.internal:5432/paxelbox?password=other")).toBe(
      "postgres://paxelbox@db.internal:5432/paxelbox",
    );
    expect(describeDatabaseUrl("postgresql://db.internal/paxelbox")).toBe(
      "postgresql://db.internal/paxelbox",
    );
  });

  it("demands DATABASE_URL in production: N instances on PGlite would each keep a database of their own", () => {
    const production = {
      PUBLIC_BASE_URL: "https://paxelbox.example",
      PAYMENT_SECRET: "0123456789abcdef0123",
      CAPTCHA_SECRET: "fedcba9876543210fedc",
    };
    for (const mode of [{ NODE_ENV: "production" }, { NODE_ENV: "test", APP_ENV: "production" }]) {
      expect(() => loadConfig({ ...production, ...mode })).toThrow(
        "Invalid API configuration: DATABASE_URL must be set in production",
      );
      // DEMO=1 keeps the demo on, not the embedded database.
      expect(() => loadConfig({ ...production, ...mode, DEMO: "1" })).toThrow(/DATABASE_URL must be set/);
      const url = "postgres://paxelbox:secret@db.internal:5432/paxelbox";
      expect(loadConfig({ ...production, ...mode, DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    // `npm start` (React's production build, the API a development demo) keeps PGlite.
    expect(loadConfig({ NODE_ENV: "production", APP_ENV: "development" }).databaseUrl).toBeUndefined();
  });
});

/** A production start with every setting production requires (no gateway, no messaging). */
const production = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://paxelbox@db.internal:5432/paxelbox",
  PUBLIC_BASE_URL: "https://paxelbox.example",
  PAYMENT_SECRET: "production-payment-secret-0123",
  CAPTCHA_SECRET: "production-captcha-secret-0123",
};

describe("real gateways in production", () => {
  const midtrans = {
    PAYMENT_GATEWAY: "midtrans",
    MIDTRANS_SERVER_KEY: "Mid-server-production-key-0123",
    MIDTRANS_IS_PRODUCTION: "1",
  };
  /** What `loadConfig(env)` stops with, or "" when it starts. */
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("take Midtrans payments at Midtrans's production, never at its sandbox", () => {
    expect(loadConfig({ ...production, ...midtrans }).payments).toMatchObject({
      gateway: "midtrans",
      midtransProduction: true,
    });
    expect(loadConfig({ ...production, ...midtrans, MIDTRANS_IS_PRODUCTION: "true" }).payments.gateway).toBe(
      "midtrans",
    );
    const unsets: Record<string, string>[] = [
      {},
      { MIDTRANS_IS_PRODUCTION: "" },
      { MIDTRANS_IS_PRODUCTION: "0" },
    ];
    const { MIDTRANS_IS_PRODUCTION: _, ...sandboxed } = midtrans;
    for (const unset of unsets) {
      expect(refusal({ ...production, ...sandboxed, ...unset }), JSON.stringify(unset)).toBe(
        "Invalid API configuration: MIDTRANS_IS_PRODUCTION must be 1 in production with PAYMENT_GATEWAY=midtrans (otherwise its payments go to Midtrans's sandbox)",
      );
    }
    const sandboxKey = "SB-Mid-server-s3cr3tSandboxKey";
    const message = refusal({ ...production, ...midtrans, MIDTRANS_SERVER_KEY: sandboxKey });
    expect(message).toBe(
      "Invalid API configuration: MIDTRANS_SERVER_KEY is a Midtrans sandbox key (SB-Mid-server-…): production needs the production one",
    );
    expect(message).not.toContain("s3cr3t");
  });

  const bank = {
    SNAP_BASE_URL: "https://bank.example/snap",
    SNAP_PARTNER_ID: "PARTNER-0042",
    SNAP_CLIENT_SECRET: "bank-client-secret-0123",
  };
  const ours = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const theirs = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = {
    SNAP_PRIVATE_KEY: ours.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    SNAP_GATEWAY_PUBLIC_KEY: theirs.publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
  const published = snapKeys(loadConfig({}));

  it("take keys of their own for a SNAP BI bank, never the development keys published here", () => {
    expect(loadConfig({ ...production, ...bank, ...pem }).payments).toMatchObject({
      snap: "bank",
      snapPartnerId: "PARTNER-0042",
    });
    const privateKeys = {
      "the partner key": published.partnerPrivateKey,
      "the partner key with CRLF": published.partnerPrivateKey.replaceAll("\n", "\r\n"),
      "the partner key without its last newline": published.partnerPrivateKey.trim(),
      "the partner key as PKCS#1": asPkcs1(published.partnerPrivateKey, "private"),
      "the sandbox bank's key": published.gatewayPrivateKey,
    };
    for (const [name, key] of Object.entries(privateKeys)) {
      expect(refusal({ ...production, ...bank, ...pem, SNAP_PRIVATE_KEY: key }), name).toBe(
        "Invalid API configuration: SNAP_PRIVATE_KEY is a development key published in this repository: production needs a key of its own",
      );
    }
    const publicKeys = {
      "the sandbox bank's key": published.gatewayPublicKey ?? "",
      "the sandbox bank's key with CRLF": (published.gatewayPublicKey ?? "").replaceAll("\n", "\r\n"),
      "the sandbox bank's key as PKCS#1": asPkcs1(published.gatewayPrivateKey, "public"),
      "the sandbox bank's private key": published.gatewayPrivateKey,
      "the partner key": published.partnerPublicKey,
    };
    for (const [name, key] of Object.entries(publicKeys)) {
      expect(refusal({ ...production, ...bank, ...pem, SNAP_GATEWAY_PUBLIC_KEY: key }), name).toBe(
        "Invalid API configuration: SNAP_GATEWAY_PUBLIC_KEY is a development key published in this repository: production needs the bank's",
      );
    }
    // Both at once: both named, in one message.
    expect(
      refusal({
        ...production,
        ...bank,
        SNAP_PRIVATE_KEY: published.partnerPrivateKey,
        SNAP_GATEWAY_PUBLIC_KEY: published.gatewayPublicKey ?? "",
      }),
    ).toMatch(/SNAP_PRIVATE_KEY is a development key.*; SNAP_GATEWAY_PUBLIC_KEY is a development key/);
  });

  it("take the bank's partner id, not the sandbox's default", () => {
    const { SNAP_PARTNER_ID: _, ...unnamed } = bank;
    const message =
      "Invalid API configuration: SNAP_PARTNER_ID must be set in production with SNAP_BASE_URL: the bank's partner id, not the sandbox's PAXELBOX-SANDBOX";
    expect(refusal({ ...production, ...unnamed, ...pem })).toBe(message);
    expect(refusal({ ...production, ...unnamed, ...pem, SNAP_PARTNER_ID: "PAXELBOX-SANDBOX" })).toBe(message);
    // Without SNAP_BASE_URL the bank-interface flow is off: its partner id is never sent.
    expect(loadConfig(production).payments.snapPartnerId).toBe("PAXELBOX-SANDBOX");
  });

  it("leave demo mode and the other environments as they were", () => {
    const sandboxed = {
      PAYMENT_GATEWAY: "midtrans",
      MIDTRANS_SERVER_KEY: "SB-Mid-server-sandbox-key-0123",
      SNAP_BASE_URL: "https://sandbox.bank.example/snap",
      SNAP_CLIENT_SECRET: "bank-client-secret-0123",
      SNAP_PRIVATE_KEY: published.partnerPrivateKey,
      SNAP_GATEWAY_PUBLIC_KEY: published.gatewayPublicKey ?? "",
    };
    for (const mode of [{ ...production, DEMO: "1" }, { NODE_ENV: "development" }, { NODE_ENV: "test" }]) {
      expect(loadConfig({ ...mode, ...sandboxed }).payments, JSON.stringify(mode)).toMatchObject({
        gateway: "midtrans",
        midtransProduction: false,
        snap: "bank",
        snapPartnerId: "PAXELBOX-SANDBOX",
      });
    }
  });
});

/** A PKCS#8 private key in PKCS#1's PEM (`BEGIN RSA …`): the private key itself, or its public key. */
function asPkcs1(key: string, half: "private" | "public"): string {
  const privateKey = createPrivateKey(key);
  const chosen = half === "private" ? privateKey : createPublicKey(privateKey);
  return chosen.export({ type: "pkcs1", format: "pem" }).toString();
}

describe("notifications", () => {
  const whatsapp = {
    WHATSAPP_TOKEN: "EAAG-token",
    WHATSAPP_PHONE_NUMBER_ID: "123456789012345",
    WHATSAPP_APP_SECRET: "app-secret",
    WHATSAPP_VERIFY_TOKEN: "verify-token",
  };

  it("use the WhatsApp sandbox in demo mode and the Cloud API once it is configured", () => {
    expect(loadConfig({}).notifications).toMatchObject({
      whatsapp: "sandbox",
      pollIntervalMs: 1000,
      maxAttempts: 8,
    });
    expect(loadConfig({ NOTIFICATIONS: "off" }).notifications.whatsapp).toBe("off");
    expect(loadConfig({ ...whatsapp }).notifications).toMatchObject({
      whatsapp: "cloud",
      graphUrl: "https://graph.facebook.com",
      token: "EAAG-token",
    });
    expect(loadConfig({ ...production, DEMO: "1" }).notifications.whatsapp).toBe("sandbox");
  });

  const email = {
    SMTP_URL: "smtp://mailer:secret@smtp.example.id:587",
    MAIL_FROM: "PaxelBox <no-reply@paxelbox.example>",
    PARTNERSHIP_INBOX: "kemitraan@paxelbox.example",
  };

  it("are off in production unless asked for; asked for, they need every WhatsApp and SMTP variable, named", () => {
    expect(loadConfig(production).notifications).toMatchObject({ whatsapp: "off", email: "off" });
    expect(() => loadConfig({ ...production, NOTIFICATIONS: "on" })).toThrow(
      "WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN and SMTP_URL and MAIL_FROM and PARTNERSHIP_INBOX must be set in production with NOTIFICATIONS=on",
    );
    expect(() => loadConfig({ ...production, ...whatsapp, NOTIFICATIONS: "on" })).toThrow(
      "Invalid API configuration: SMTP_URL and MAIL_FROM and PARTNERSHIP_INBOX must be set in production with NOTIFICATIONS=on",
    );
    expect(() => loadConfig({ ...production, ...email, NOTIFICATIONS: "on" })).toThrow(
      "Invalid API configuration: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN must be set in production with NOTIFICATIONS=on",
    );
    expect(
      loadConfig({ ...production, ...whatsapp, ...email, NOTIFICATIONS: "on" }).notifications,
    ).toMatchObject({
      whatsapp: "cloud",
      email: "smtp",
      smtpUrl: email.SMTP_URL,
      partnershipInbox: email.PARTNERSHIP_INBOX,
    });
    // Each channel configured is on without NOTIFICATIONS=on; the other stays off.
    expect(loadConfig({ ...production, ...whatsapp }).notifications).toMatchObject({
      whatsapp: "cloud",
      email: "off",
    });
    expect(loadConfig({ ...production, ...email }).notifications).toMatchObject({
      whatsapp: "off",
      email: "smtp",
    });
    // Part of the credentials is a mistake anywhere.
    const { WHATSAPP_APP_SECRET: _secret, ...partial } = whatsapp;
    expect(() => loadConfig(partial)).toThrow("WHATSAPP_APP_SECRET must be set for WhatsApp");
    expect(() => loadConfig({ SMTP_URL: email.SMTP_URL })).toThrow(
      "MAIL_FROM and PARTNERSHIP_INBOX must be set for e-mail",
    );
    expect(() => loadConfig({ ...email, SMTP_URL: "https://smtp.example.id" })).toThrow(/SMTP_URL/);
  });

  it("send e-mail to the SMTP sink in demo mode without SMTP_URL, never in production without DEMO=1", () => {
    expect(loadConfig({}).notifications).toMatchObject({
      email: "sink",
      mailFrom: "PaxelBox <no-reply@paxelbox.localhost>",
      partnershipInbox: "partnership@paxelbox.localhost",
    });
    expect(loadConfig({ ...production, DEMO: "1" }).notifications.email).toBe("sink");
    expect(loadConfig({ ...email }).notifications.email).toBe("smtp");
    expect(loadConfig({ NOTIFICATIONS: "off" }).notifications.email).toBe("off");
    expect(loadConfig({ ...production, NOTIFICATIONS: "off", ...email }).notifications.email).toBe("off");
  });

  it("hold a drop-off's messages in the night (21 to 7 WIB) outside demo mode, as QUIET_HOURS says", () => {
    expect(loadConfig(production).notifications.quietHours).toEqual({ from: 21, to: 7 });
    // The demo shows each message as its moment comes, whatever the hour.
    expect(loadConfig({}).notifications.quietHours).toBeNull();
    expect(loadConfig({ ...production, DEMO: "1" }).notifications.quietHours).toBeNull();
    expect(loadConfig({ ...production, QUIET_HOURS: "off" }).notifications.quietHours).toBeNull();
    expect(loadConfig({ QUIET_HOURS: "22-6" }).notifications.quietHours).toEqual({ from: 22, to: 6 });
    expect(loadConfig({ QUIET_HOURS: "1-5" }).notifications.quietHours).toEqual({ from: 1, to: 5 });
    expect(() => loadConfig({ QUIET_HOURS: "21:00-07:00" })).toThrow(/QUIET_HOURS is off, or two WIB hours/);
    expect(() => loadConfig({ QUIET_HOURS: "24-7" })).toThrow(/QUIET_HOURS/);
    expect(() => loadConfig({ QUIET_HOURS: "7-7" })).toThrow(/QUIET_HOURS from and to are the same hour/);
    // A reminder is due from its moment to the deadline: a lead within the night could never be sent.
    expect(() => loadConfig({ ...production, DROPOFF_REMINDER_HOURS: "10" })).toThrow(
      "DROPOFF_REMINDER_HOURS (10) must be longer than QUIET_HOURS (10 hours)",
    );
    expect(
      loadConfig({ ...production, DROPOFF_REMINDER_HOURS: "11" }).notifications.quietHours,
    ).not.toBeNull();
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default: every client is its socket's address", () => {
    for (const off of [undefined, "", "0", "false"]) {
      expect(loadConfig(off === undefined ? {} : { TRUST_PROXY: off }).trustProxy).toBe(false);
    }
  });

  it("takes a hop count, 1 being one load balancer", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: "11" })).toThrow(/TRUST_PROXY/);
  });

  it("takes a list of proxy addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["10.0.0.0/33", "lb.internal", "10.0.0.1/8/2", "::1/129"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("refuses to trust every hop, which would let a client choose its own address", () => {
    for (const all of ["true", "*", "0.0.0.0/0", "::/0"]) {
      expect(() => loadConfig({ TRUST_PROXY: all }), all).toThrow(/TRUST_PROXY.*(every|choose)/);
    }
  });
});

describe("INTERNAL_API_SECRET", () => {
  it("is optional and, when set, long enough not to be guessed", () => {
    expect(loadConfig({}).internalApiSecret).toBeUndefined();
    const secret = "0123456789abcdef0123456789abcdef";
    expect(loadConfig({ INTERNAL_API_SECRET: secret }).internalApiSecret).toBe(secret);
    expect(() => loadConfig({ INTERNAL_API_SECRET: "short" })).toThrow(/INTERNAL_API_SECRET/);
  });
});

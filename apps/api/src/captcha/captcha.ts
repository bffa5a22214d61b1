import { createHash } from "node:crypto";
import type { CaptchaSetup } from "@paxelbox/contract";
import { createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { deriveHmacKeySecret, verify } from "altcha-lib/frameworks/shared";
import type { Queryable } from "../db/database.ts";

export type CaptchaConfig =
  | { provider: "altcha"; secret: string }
  | {
      provider: "recaptcha";
      siteKey: string;
      secret: string;
      minScore: number;
      /** Google's siteverify (RECAPTCHA_VERIFY_URL). */
      verifyUrl: string;
      /**
       * The site's own host (PUBLIC_BASE_URL's): a token solved on another site's page with this
       * site key is refused, should the key's domain list in Google's console be left open.
       * Unset (no public address configured, outside production), not compared.
       */
      hostname: string | undefined;
    };

export const captchaAction = "guestbook_submit";
const challengeMinutes = 10;

/** Proof-of-work challenge (ALTCHA, self-hosted), signed so the server needs to remember nothing until use. */
async function altchaChallenge(secret: string): Promise<Record<string, unknown>> {
  const challenge = await createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(5_000, 20_000),
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: await deriveHmacKeySecret(secret),
    expiresAt: new Date(Date.now() + challengeMinutes * 60_000),
    data: { action: captchaAction },
  });
  return { ...challenge };
}

export async function captchaSetup(config: CaptchaConfig): Promise<CaptchaSetup> {
  return config.provider === "altcha"
    ? { provider: "altcha", challenge: await altchaChallenge(config.secret) }
    : { provider: "recaptcha", siteKey: config.siteKey, action: "guestbook_submit" };
}

/** Replay records in PostgreSQL: a solved challenge counts once, on any instance. */
function replayStore(db: Queryable) {
  return {
    async get(key: string) {
      const rows = await db.query("select 1 from captcha_uses where id = $1", [key]);
      return rows.length > 0;
    },
    async set(key: string) {
      await db.query("insert into captcha_uses (id) values ($1) on conflict do nothing", [key]);
    },
    async setIfAbsent(key: string) {
      await db.query("delete from captcha_uses where used_at < now() - interval '1 day'");
      const rows = await db.query(
        "insert into captcha_uses (id) values ($1) on conflict do nothing returning id",
        [key],
      );
      return rows.length > 0;
    },
  };
}

/**
 * Checks a captcha token; the reason when it fails. Missing, wrong, expired and replayed tokens all fail.
 */
export async function verifyCaptcha(
  db: Queryable,
  config: CaptchaConfig,
  token: string,
): Promise<string | null> {
  if (!token) return "missing";
  if (config.provider === "altcha") {
    const result = await verify(
      token,
      deriveKey,
      config.secret,
      await deriveHmacKeySecret(config.secret),
      replayStore(db),
    );
    return result.error ? result.error : null;
  }
  let body: {
    success?: boolean;
    score?: number;
    action?: string;
    hostname?: string;
    "error-codes"?: string[];
  };
  try {
    const response = await fetch(config.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: config.secret, response: token }),
      signal: AbortSignal.timeout(10_000),
    });
    body = (await response.json()) ?? {};
  } catch {
    return "verification service unreachable";
  }
  if (!body.success) return `rejected (${(body["error-codes"] ?? []).join(", ") || "unknown"})`;
  if (body.action !== captchaAction) return "wrong action";
  if (config.hostname && body.hostname !== config.hostname) return "solved on another site";
  if ((body.score ?? 0) < config.minScore) return "score too low";
  // Kept by its digest: a token runs to thousands of characters, past what a key of an index holds.
  const fresh = await replayStore(db).setIfAbsent(createHash("sha256").update(token).digest("base64url"));
  return fresh ? null : "already used";
}

import type { UserData } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { clientAddress, type RateLimit, type RateLimiter } from "../domain/rate-limit.ts";
import { hashToken } from "../domain/tokens.ts";
import { forbidden, gone, unauthorized } from "../http/errors.ts";

/**
 * Who is calling. Members sign in with the token the app gives them; the recipient of a drop-off
 * holds the secret of its order link, which opens that one order and nothing else, until the link
 * expires.
 */
export type Principal =
  | { kind: "member"; memberId: number; user: UserData }
  | { kind: "recipient"; orderId: number; user: UserData };

/**
 * What a token opens: a principal, or the link of a drop-off whose time is over. An expired link
 * is no credential: it opens nothing and tells nothing personal (ADR 004).
 */
export type TokenHolder = Principal | { kind: "expired-link"; orderId: number };

declare module "fastify" {
  interface FastifyRequest {
    /** Resolves the bearer token once per request; null without a token, or with an unknown one. */
    tokenHolder(): Promise<TokenHolder | null>;
    /** The caller when the bearer token is a credential (an expired link is not); else null. */
    principal(): Promise<Principal | null>;
  }
}

/** Failed token lookups per client address: a person with a stale link, not a script guessing. */
export const tokenGuessLimit: RateLimit = { name: "token-guess", max: 30, windowSeconds: 60 };
/**
 * Calls per token: a rent screen polls every 5 s (12 a minute) beside its other calls; a script
 * hammering with one token is stopped.
 */
export const tokenCallLimit: RateLimit = { name: "token-call", max: 120, windowSeconds: 60 };

/** What an expired link's holder learns of themselves: nothing. */
export const anonymousUser: UserData = {
  email: "",
  first_name: "",
  last_name: "",
  member_code: "",
  phone: "",
  language: "id",
};

interface MemberRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  member_code: string;
  phone: string;
  language: "id" | "en";
}

/** Finds the holder of a token: a member, or the recipient of the order whose link carries it. */
export async function findTokenHolder(
  db: Queryable,
  token: string,
  now = Date.now(),
): Promise<TokenHolder | null> {
  const hash = hashToken(token);
  const [member] = await db.query<MemberRow>(
    "select id, email, first_name, last_name, member_code, phone, language from members where token_hash = $1",
    [hash],
  );
  if (member) {
    const { id, ...user } = member;
    return { kind: "member", memberId: id, user };
  }
  const [order] = await db.query<{
    id: number;
    recipient_name: string;
    recipient_phone: string;
    link_expires_at: Date | null;
  }>("select id, recipient_name, recipient_phone, link_expires_at from orders where link_token_hash = $1", [
    hash,
  ]);
  if (!order) return null;
  if (order.link_expires_at && now > order.link_expires_at.getTime()) {
    return { kind: "expired-link", orderId: order.id };
  }
  return {
    kind: "recipient",
    orderId: order.id,
    user: {
      ...anonymousUser,
      first_name: order.recipient_name,
      phone: order.recipient_phone,
    },
  };
}

/**
 * Looks a token up under the rate limits: an address past its failed lookups is refused (429)
 * before any lookup; a failed lookup counts for the address; a known token counts its own calls.
 */
export async function authenticate(
  db: Queryable,
  limiter: RateLimiter,
  token: string,
  address: string,
): Promise<TokenHolder | null> {
  await limiter.check(tokenGuessLimit, address);
  const holder = await findTokenHolder(db, token);
  if (!holder) {
    await limiter.hit(tokenGuessLimit, address);
    return null;
  }
  await limiter.hit(tokenCallLimit, hashToken(token));
  return holder;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const asPrincipal = (holder: TokenHolder | null): Principal | null =>
  holder && holder.kind !== "expired-link" ? holder : null;

/** Callers already identified in their request, for the language of an error (no lookup of its own). */
const identified = new WeakMap<FastifyRequest, Principal | null>();

/** The caller of a request, if its token was looked up already; never looks it up itself. */
export function identifiedPrincipal(request: FastifyRequest): Principal | null {
  return identified.get(request) ?? null;
}

export function registerAuth(app: FastifyInstance, db: Queryable): void {
  const cache = new WeakMap<FastifyRequest, Promise<TokenHolder | null>>();
  app.decorateRequest("tokenHolder", function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = bearerToken(this);
      pending = token ? authenticate(db, app.rateLimiter, token, clientAddress(this)) : Promise.resolve(null);
      pending.then(
        (holder) => identified.set(this, asPrincipal(holder)),
        () => {},
      );
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest("principal", async function (this: FastifyRequest) {
    return asPrincipal(await this.tokenHolder());
  });
}

/** The caller, or 401 without a token or with one nobody holds; 410 for an expired order link. */
export async function requirePrincipal(request: FastifyRequest): Promise<Principal> {
  if (!bearerToken(request)) throw unauthorized("tokenMissing");
  const holder = await request.tokenHolder();
  if (!holder) throw unauthorized("tokenInvalid");
  if (holder.kind === "expired-link") throw gone("linkExpired");
  return holder;
}

/** Object-level authorisation: the member who owns the order, or the holder of its link. */
export function assertOrderAccess(
  principal: Principal,
  order: { id: number; memberId: number | null },
): void {
  const allowed =
    principal.kind === "member" ? order.memberId === principal.memberId : principal.orderId === order.id;
  if (!allowed) throw forbidden("orderOfAnotherAccount");
}

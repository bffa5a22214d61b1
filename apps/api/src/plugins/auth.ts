import type { UserData } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ChangeCache } from "../db/change-cache.ts";
import type { Database, Queryable } from "../db/database.ts";
import { clientAddress, type RateLimit, type RateLimiter } from "../domain/rate-limit.ts";
import { hashToken } from "../domain/tokens.ts";
import { gone, type HttpError, unauthorized } from "../http/errors.ts";

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
    /** This request's token lookup once started, and its caller once known (`registerAuth`). */
    tokenLookup: TokenLookup | null;
  }
}

interface TokenLookup {
  pending: Promise<TokenHolder | null>;
  /** Set when the lookup has resolved: the caller, or null. */
  principal: Principal | null;
}

/** Failed token lookups per client address: a person with a stale link, not a script guessing. */
export const tokenGuessLimit: RateLimit = { name: "token-guess", max: 30, windowSeconds: 60 };
/**
 * Failed token lookups of all addresses together: a guesser spread over many addresses is slowed
 * too, and an alert fires when this refuses (deploy/prometheus/alerts.yml). Batched: every failed
 * lookup would otherwise write the same row.
 */
export const tokenGuessCeiling: RateLimit = {
  name: "token-guess-overall",
  max: 600,
  windowSeconds: 60,
  batched: true,
};
/**
 * Calls per token: a rent screen polls every 5 s (12 a minute) beside its other calls; a script
 * hammering with one token is stopped.
 */
export const tokenCallLimit: RateLimit = { name: "token-call", max: 120, windowSeconds: 60, batched: true };

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

/** A token's holder as stored: a member, or an order's link with the time it expires. */
type StoredHolder = (
  | { kind: "member"; memberId: number; user: UserData }
  | { kind: "link"; orderId: number; user: UserData; expiresAt: number | null }
) & { keptUntil: number };

/** How long a looked-up holder is trusted without a notification saying otherwise. */
const holderKeptMs = 60_000;

async function loadHolder(db: Queryable, hash: string): Promise<StoredHolder | null> {
  const keptUntil = Date.now() + holderKeptMs;
  const [member] = await db.query<MemberRow>(
    "select id, email, first_name, last_name, member_code, phone, language from members where token_hash = $1",
    [hash],
  );
  if (member) {
    const { id, ...user } = member;
    return { kind: "member", memberId: id, user, keptUntil };
  }
  const [order] = await db.query<{
    id: number;
    recipient_name: string;
    recipient_phone: string;
    link_expires_at: Date | null;
  }>(
    // The order's first link, or one of the links its later messages carry (order_link_tokens): each
    // opens that order only, until the order's link expires.
    `select id, recipient_name, recipient_phone, link_expires_at from orders where link_token_hash = $1
     union all
     select o.id, o.recipient_name, o.recipient_phone, o.link_expires_at
       from order_link_tokens l join orders o on o.id = l.order_id where l.token_hash = $1
     limit 1`,
    [hash],
  );
  if (!order) return null;
  return {
    kind: "link",
    orderId: order.id,
    user: { ...anonymousUser, first_name: order.recipient_name, phone: order.recipient_phone },
    expiresAt: order.link_expires_at?.getTime() ?? null,
    keptUntil,
  };
}

/** A link past its time opens nothing: its holder is told so and learns nothing personal. */
function asTokenHolder(stored: StoredHolder, now: number): TokenHolder {
  if (stored.kind === "member") return { kind: "member", memberId: stored.memberId, user: stored.user };
  if (stored.expiresAt !== null && now > stored.expiresAt)
    return { kind: "expired-link", orderId: stored.orderId };
  return { kind: "recipient", orderId: stored.orderId, user: stored.user };
}

/**
 * Who holds which token, kept in memory for a minute at most and forgotten as soon as a
 * notification says the member or the order changed (ADR 020): a screen's polls look nobody up.
 */
export type TokenHolders = ChangeCache<string, StoredHolder>;

export function createTokenHolders(db: Database): TokenHolders {
  return new ChangeCache<string, StoredHolder>(db, {
    max: 50_000,
    tagsOf: (holder) => [holder.kind === "member" ? `member:${holder.memberId}` : `order:${holder.orderId}`],
    expiresAt: (holder) => holder.keptUntil,
  });
}

/**
 * The token's holder now, from memory when known, without counting a call (an event stream checks
 * its caller again before each event it sends).
 */
export async function currentHolder(
  holders: TokenHolders,
  db: Queryable,
  token: string,
): Promise<TokenHolder | null> {
  const hash = hashToken(token);
  const stored = await storedHolder(holders, db, hash);
  return stored ? asTokenHolder(stored, Date.now()) : null;
}

/** The holder of a token's hash, kept or looked up (one lookup at a time per hash). */
const storedHolder = (holders: TokenHolders, db: Queryable, hash: string) =>
  holders.getOrLoad(hash, () => loadHolder(db, hash));

/**
 * A lookup of a token nobody holds: one more guess of the address and of all addresses together,
 * refused with 429 past either limit. The address first, and without asking the database once this
 * instance has refused it: a guesser already refused uses up nothing more of the ceiling.
 */
export async function countGuess(limiter: RateLimiter, address: string): Promise<void> {
  limiter.recall(tokenGuessLimit, address);
  await limiter.hit(tokenGuessLimit, address);
  await limiter.hit(tokenGuessCeiling, "all");
}

/**
 * Finds a token's holder under the rate limits. A token somebody holds is served whatever its
 * caller's address has guessed (a carrier's NAT puts many phones behind one address) and counts
 * its own calls; a token nobody holds is a guess (`countGuess`). That a guesser past its limit
 * still learns a hit is harmless: tokens carry 192 random bits (`randomSecret`), and the limits
 * keep guessing from costing the service.
 */
export async function authenticate(
  holders: TokenHolders,
  db: Queryable,
  limiter: RateLimiter,
  token: string,
  address: string,
): Promise<TokenHolder | null> {
  const hash = hashToken(token);
  const stored = await storedHolder(holders, db, hash);
  if (!stored) {
    await countGuess(limiter, address);
    return null;
  }
  await limiter.hit(tokenCallLimit, hash);
  return asTokenHolder(stored, Date.now());
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const asPrincipal = (holder: TokenHolder | null): Principal | null =>
  holder && holder.kind !== "expired-link" ? holder : null;

/** The caller of a request, if its token was looked up already; never looks it up itself. */
export function identifiedPrincipal(request: FastifyRequest): Principal | null {
  return request.tokenLookup?.principal ?? null;
}

declare module "fastify" {
  interface FastifyInstance {
    tokenHolders: TokenHolders;
  }
}

export function registerAuth(app: FastifyInstance, db: Database): void {
  const holders = createTokenHolders(db);
  app.decorate("tokenHolders", holders);
  // The ceiling's refusals are a series from the start (at 0): its alert's increase() sees the first.
  app.metrics.rateLimitRejections.inc({ limit: tokenGuessCeiling.name }, 0);
  app.addHook("onClose", async () => holders.close());
  // A slot every request has from the start (one shape for all of them, no map per request).
  app.decorateRequest("tokenLookup", null);
  app.decorateRequest("tokenHolder", function (this: FastifyRequest) {
    if (this.tokenLookup) return this.tokenLookup.pending;
    const token = bearerToken(this);
    const pending = token
      ? authenticate(holders, db, app.rateLimiter, token, clientAddress(this))
      : Promise.resolve(null);
    const lookup: TokenLookup = { pending, principal: null };
    pending.then(
      (holder) => {
        lookup.principal = asPrincipal(holder);
      },
      () => {},
    );
    this.tokenLookup = lookup;
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
export function mayAccessOrder(
  principal: Principal,
  order: { id: number; memberId: number | null },
): boolean {
  return principal.kind === "member" ? order.memberId === principal.memberId : principal.orderId === order.id;
}

/**
 * `mayAccessOrder`, or the very error the call gives for an order that does not exist: a stranger
 * cannot tell somebody else's order from a missing one, so ids are not confirmed to guessers.
 */
export function assertOrderAccess(
  principal: Principal,
  order: { id: number; memberId: number | null },
  missing: () => HttpError,
): void {
  if (!mayAccessOrder(principal, order)) throw missing();
}

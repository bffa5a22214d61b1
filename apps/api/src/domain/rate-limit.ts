import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/errors.ts";
import type { Metrics } from "../plugins/metrics.ts";

export interface RateLimit {
  /** Name of what is limited, e.g. "guest-book". */
  name: string;
  max: number;
  windowSeconds: number;
}

/** A refusal that also tells the client when to try again. */
export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, "tooManyRequests");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface RateLimiter {
  /** Counts one more for `client`; refuses with 429 once the window's count is over the limit. */
  hit(limit: RateLimit, client: string): Promise<void>;
  /** Refuses with 429 when `client` is already over the limit, without counting. */
  check(limit: RateLimit, client: string): Promise<void>;
}

/**
 * Rate limits scaled by `factor` (1 in production; the browser tests raise it, since every test
 * browser shares one address). Every refusal is counted by the name of its limit.
 */
export function createRateLimiter(
  db: Queryable,
  factor: number,
  metrics: Pick<Metrics, "rateLimitRejections">,
): RateLimiter {
  const scaled = (limit: RateLimit) => ({ ...limit, max: limit.max * factor });
  const counted = async (limit: RateLimit, enforce: Promise<void>) => {
    try {
      await enforce;
    } catch (error) {
      if (error instanceof TooManyRequests) metrics.rateLimitRejections.inc({ limit: limit.name });
      throw error;
    }
  };
  return {
    hit: (limit, client) => counted(limit, hit(db, scaled(limit), client)),
    check: (limit, client) => counted(limit, check(db, scaled(limit), client)),
  };
}

/**
 * Fixed-window counter per client address, kept in PostgreSQL so that every API instance counts
 * together. One statement: insert or bump the counter, restarting it when its window has passed.
 */
export async function hit(db: Queryable, limit: RateLimit, client: string): Promise<void> {
  const key = `${limit.name}:${client}`;
  const [row] = await db.query<{ count: number; window_start: Date }>(
    `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start < now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start < now() - make_interval(secs => $2) then now() else rate_limits.window_start end
     returning count, window_start`,
    [key, limit.windowSeconds],
  );
  if (row && row.count > limit.max) throw new TooManyRequests(retryAfter(row.window_start, limit));
  // Counters of windows long over are of no use: now and then, clear them out.
  if (Math.random() < 0.002) {
    await db.query("delete from rate_limits where window_start < now() - interval '1 day'");
  }
}

/** Refuses when the client's current window is already over the limit; counts nothing. */
export async function check(db: Queryable, limit: RateLimit, client: string): Promise<void> {
  const [row] = await db.query<{ count: number; window_start: Date }>(
    `select count, window_start from rate_limits
      where key = $1 and window_start >= now() - make_interval(secs => $2)`,
    [`${limit.name}:${client}`, limit.windowSeconds],
  );
  if (row && row.count > limit.max) throw new TooManyRequests(retryAfter(row.window_start, limit));
}

function retryAfter(windowStart: Date, limit: RateLimit): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000));
}

export function clientAddress(request: FastifyRequest): string {
  return request.ip || "unknown";
}

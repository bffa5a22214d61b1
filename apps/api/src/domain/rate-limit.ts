import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/errors.ts";

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
    super(429, "Too many requests. Please wait a moment and try again.");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface RateLimiter {
  hit(limit: RateLimit, client: string): Promise<void>;
}

/**
 * Rate limits scaled by `factor` (1 in production; the browser tests raise it, since every test
 * browser shares one address).
 */
export function createRateLimiter(db: Queryable, factor = 1): RateLimiter {
  return { hit: (limit, client) => hit(db, { ...limit, max: limit.max * factor }, client) };
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
  if (row && row.count > limit.max) {
    const retryAfter = Math.max(
      1,
      Math.ceil((row.window_start.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000),
    );
    throw new TooManyRequests(retryAfter);
  }
}

export function clientAddress(request: FastifyRequest): string {
  return request.ip || "unknown";
}

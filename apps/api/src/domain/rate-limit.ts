import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { clientAddressHeader, internalSecretHeader } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/errors.ts";
import type { Metrics } from "../plugins/metrics.ts";

export interface RateLimit {
  /** Name of what is limited, e.g. "guest-book". */
  name: string;
  max: number;
  windowSeconds: number;
  /**
   * Counted in memory and added to the shared count in PostgreSQL once a second, for limits on
   * calls too frequent to write each one (the polls). Every instance still counts together, but
   * each may let through up to a second of calls past the limit before it learns the total.
   */
  batched?: boolean;
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
  /**
   * Refuses with 429, without asking the database, when this instance has refused `client` under
   * this limit and the refusal still holds (paths that must not wait on a query).
   */
  recall(limit: RateLimit, client: string): void;
  /** Adds the batched counts to the database now (tests, shutdown). */
  flush(): Promise<void>;
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
  /** Refusals this instance gave, by limit and client, until their window ends. */
  const refused = new Map<string, number>();
  const counted = async (limit: RateLimit, client: string, enforce: Promise<void>) => {
    try {
      await enforce;
    } catch (error) {
      if (error instanceof TooManyRequests) {
        metrics.rateLimitRejections.inc({ limit: limit.name });
        if (refused.size > 10_000) {
          for (const [key, until] of refused) if (until <= Date.now()) refused.delete(key);
        }
        refused.set(`${limit.name}:${client}`, Date.now() + error.retryAfterSeconds * 1000);
      }
      throw error;
    }
  };
  const batch = batchedCounts(db);
  return {
    hit: (limit, client) =>
      counted(
        limit,
        client,
        limit.batched ? batch.hit(scaled(limit), client) : hit(db, scaled(limit), client),
      ),
    recall(limit, client) {
      const key = `${limit.name}:${client}`;
      const until = refused.get(key);
      if (until === undefined) return;
      if (until <= Date.now()) {
        refused.delete(key);
        return;
      }
      metrics.rateLimitRejections.inc({ limit: limit.name });
      throw new TooManyRequests(Math.max(1, Math.ceil((until - Date.now()) / 1000)));
    },
    flush: batch.flush,
  };
}

/** A batched counter: what the database last said, and the calls since. */
interface Tally {
  limit: RateLimit;
  /** The count in the database when last written (every instance's calls). */
  shared: number;
  /** Calls counted here and not yet added to the database. */
  pending: number;
  /** Calls being added to the database now: still counted until its answer says the new total. */
  writing: number;
  windowEnds: number;
}

/**
 * The counters of batched limits: refused here as soon as what the database said plus the calls
 * since is over the limit; the calls are added to the database in one statement a second.
 */
function batchedCounts(db: Queryable) {
  const tallies = new Map<string, Tally>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    const now = Date.now();
    const due = new Map<number, [string, Tally][]>();
    for (const [key, tally] of tallies) {
      if (tally.pending === 0) {
        if (now >= tally.windowEnds) tallies.delete(key);
        continue;
      }
      const group = due.get(tally.limit.windowSeconds) ?? [];
      group.push([key, tally]);
      due.set(tally.limit.windowSeconds, group);
    }
    for (const [windowSeconds, group] of due) {
      const counts = group.map(([, tally]) => tally.pending);
      for (const [, tally] of group) {
        tally.writing += tally.pending;
        tally.pending = 0;
      }
      try {
        const rows = await db.query<{ key: string; count: number; window_start: Date }>(
          `insert into rate_limits (key, window_start, count)
           select key, now(), n from unnest($1::text[], $2::int[]) as t (key, n)
           on conflict (key) do update set
             count = case when rate_limits.window_start < now() - make_interval(secs => $3)
                          then excluded.count else rate_limits.count + excluded.count end,
             window_start = case when rate_limits.window_start < now() - make_interval(secs => $3)
                                 then now() else rate_limits.window_start end
           returning key, count, window_start`,
          [group.map(([key]) => key), counts, windowSeconds],
        );
        for (const row of rows) {
          const tally = tallies.get(row.key);
          if (!tally) continue;
          tally.shared = row.count;
          tally.windowEnds = row.window_start.getTime() + windowSeconds * 1000;
        }
        group.forEach(([, tally], index) => {
          tally.writing -= counts[index] ?? 0;
        });
      } catch {
        // The database is away: keep the calls, to be added on the next write.
        group.forEach(([, tally], index) => {
          tally.writing -= counts[index] ?? 0;
          tally.pending += counts[index] ?? 0;
        });
      }
    }
  }

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(write);
    return flushing;
  };

  return {
    async hit(limit: RateLimit, client: string): Promise<void> {
      const key = `${limit.name}:${client}`;
      const now = Date.now();
      let tally = tallies.get(key);
      if (!tally || now >= tally.windowEnds) {
        tally = { limit, shared: 0, pending: 0, writing: 0, windowEnds: now + limit.windowSeconds * 1000 };
        tallies.set(key, tally);
      }
      tally.pending++;
      timer ??= setTimeout(flush, 1000).unref();
      // The calls on their way to the database count too: until its answer, `shared` does not hold them.
      if (tally.shared + tally.writing + tally.pending > limit.max) {
        throw new TooManyRequests(Math.max(1, Math.ceil((tally.windowEnds - now) / 1000)));
      }
    },
    flush,
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

function retryAfter(windowStart: Date, limit: RateLimit): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000));
}

declare module "fastify" {
  interface FastifyRequest {
    /** The address the rate limits count for this request (`registerClientAddress`). */
    readonly clientAddress: string;
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Who the client is, for the rate limits. Fastify's `request.ip` under TRUST_PROXY: the socket's
 * address unless trusted proxies (a hop count or their addresses) name the client in
 * X-Forwarded-For; nobody else's X-Forwarded-For counts, loopback's included. A call proven to
 * come from the web server (`internalSecretHeader` equal to the secret, compared in constant time)
 * counts for the visitor it names instead. Without a secret no call may name anybody.
 */
export function registerClientAddress(app: FastifyInstance, internalSecret: string | undefined): void {
  const expected = internalSecret ? digest(internalSecret) : null;
  const namedByWebServer = (request: FastifyRequest): string | null => {
    if (!expected) return null;
    const proof = request.headers[internalSecretHeader];
    const named = request.headers[clientAddressHeader];
    if (typeof proof !== "string" || typeof named !== "string") return null;
    if (!timingSafeEqual(digest(proof), expected)) return null;
    const address = named.trim();
    return isIP(address) ? address : null;
  };
  app.decorateRequest("clientAddress", {
    getter(this: FastifyRequest) {
      return countedAddress(namedByWebServer(this) ?? (this.ip || "unknown"));
    },
  });
}

/**
 * The address a client is counted by. One IPv6 subscriber is handed a whole /64 and may take any
 * address in it, so an IPv6 client is its /64 (`2001:db8:1:2::/64`); IPv4, and IPv4 mapped into IPv6
 * (`::ffff:192.0.2.1`), is the IPv4 address. Anything else is counted as written.
 */
export function countedAddress(address: string): string {
  const plain = address
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "")
    .toLowerCase();
  if (isIP(plain) === 4) return plain;
  if (isIP(plain) !== 6) return address;
  const groups = ipv6Groups(plain);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` filled in and a dotted IPv4 tail read as two. */
function ipv6Groups(address: string): number[] {
  const read = (side: string) =>
    side === ""
      ? []
      : side.split(":").flatMap((part) => {
          if (!part.includes(".")) return [Number.parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = "", tail] = address.split("::");
  if (tail === undefined) return read(head);
  const before = read(head);
  const after = read(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

export function clientAddress(request: FastifyRequest): string {
  return request.clientAddress;
}

import { describe, expect, it } from "vitest";
import type { Queryable } from "../src/db/database.ts";
import { createRateLimiter, type RateLimit, TooManyRequests } from "../src/domain/rate-limit.ts";
import type { Metrics } from "../src/plugins/metrics.ts";

/** A database whose batched writes answer only when `release` is called: a write on its way. */
function slowDatabase() {
  let total = 0;
  let release: () => void = () => {};
  const db: Queryable = {
    async query<Row>(_sql: string, params?: readonly unknown[]) {
      const [keys, counts] = (params ?? [[], []]) as [string[], number[]];
      total += counts.reduce((sum, count) => sum + count, 0);
      const count = total;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return [{ key: keys[0], count, window_start: new Date() }] as Row[];
    },
  };
  return { db, release: () => release() };
}

const metrics = { rateLimitRejections: { inc: () => {} } } as unknown as Pick<Metrics, "rateLimitRejections">;
const ceiling: RateLimit = { name: "ceiling", max: 10, windowSeconds: 60, batched: true };

describe("a batched rate limit", () => {
  it("still counts the calls on their way to the database, so none slips past it while they are written", async () => {
    const { db, release } = slowDatabase();
    const limiter = createRateLimiter(db, 1, metrics);
    for (let i = 0; i < 6; i++) await limiter.hit(ceiling, "all");
    const writing = limiter.flush();
    // While the six are being written, four more reach the limit and the next is refused.
    for (let i = 0; i < 4; i++) await limiter.hit(ceiling, "all");
    await expect(limiter.hit(ceiling, "all")).rejects.toBeInstanceOf(TooManyRequests);
    release();
    await writing;
    // Once the database has answered, its total stands for them: still refused.
    await expect(limiter.hit(ceiling, "all")).rejects.toBeInstanceOf(TooManyRequests);
  });
});

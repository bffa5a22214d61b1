import type { Database } from "./database.ts";

/**
 * What a notification on the changes channel names (migration 0006): the tags a cached value is
 * filed under. `order:<id>:<n>` invalidates `order:<id>`; `member:<id>` and `catalog` themselves.
 */
export function changedTag(payload: string): string | null {
  const order = /^order:(\d+):\d+$/.exec(payload);
  if (order) return `order:${order[1]}`;
  if (/^member:\d+$/.test(payload) || payload === "catalog") return payload;
  return null;
}

export interface ChangeCacheOptions<V> {
  /** Most values kept; the oldest goes first. */
  max: number;
  /** The change tags a value depends on (`order:12`, `member:3`, `catalog`). */
  tagsOf(value: V): string[];
  /** When the value goes stale by itself (time passing), in epoch ms. */
  expiresAt(value: V): number;
}

interface Fill<V> {
  promise: Promise<V | null>;
  /** Invalidations seen when the load started. */
  since: number;
}

/**
 * Values read from the database, kept in memory until a notification on the changes channel names
 * one of their tags, until they expire, or until the feed of notifications is cut. Nothing is kept
 * while the database is not listening: without notifications a value could not be trusted.
 *
 * Loads of one key run once at a time; a load that overlaps a change to one of its tags answers
 * its callers but is not kept, and a change detaches every load in flight, so that a caller who
 * comes after a change never receives a value read before it.
 */
export class ChangeCache<K, V> {
  readonly #db: Pick<Database, "subscribe" | "listening">;
  readonly #options: ChangeCacheOptions<V>;
  readonly #values = new Map<K, V>();
  readonly #keysByTag = new Map<string, Set<K>>();
  readonly #fills = new Map<K, Fill<V>>();
  /** Loads not finished yet, attached or detached. */
  #loading = 0;
  /** Invalidations so far, and the last one of each tag while loads are running. */
  #invalidations = 0;
  readonly #lastInvalidation = new Map<string, number>();
  /** Bumped by every reset: a load from before it is never kept. */
  #generation = 0;
  readonly #unsubscribe: () => void;

  constructor(db: Pick<Database, "subscribe" | "listening">, options: ChangeCacheOptions<V>) {
    this.#db = db;
    this.#options = options;
    this.#unsubscribe = db.subscribe({
      notified: (payload) => {
        const tag = changedTag(payload);
        if (tag) this.invalidate(tag);
      },
      reset: () => this.clear(),
    });
  }

  /** The kept value, if it is still good. */
  get(key: K, now = Date.now()): V | undefined {
    const value = this.#values.get(key);
    if (value === undefined) return undefined;
    if (now >= this.#options.expiresAt(value) || !this.#db.listening()) {
      this.#delete(key, value);
      return undefined;
    }
    return value;
  }

  /** The kept value, or `load`'s (shared with any load of the same key already running). */
  async getOrLoad(key: K, load: () => Promise<V | null>, now = Date.now()): Promise<V | null> {
    const kept = this.get(key, now);
    if (kept !== undefined) return kept;
    const running = this.#fills.get(key);
    if (running) return running.promise;
    const fill = { since: this.#invalidations } as Fill<V>;
    fill.promise = this.#load(key, load, fill, this.#generation);
    this.#fills.set(key, fill);
    return fill.promise;
  }

  /** Forgets every value filed under `tag`. */
  invalidate(tag: string): void {
    this.#invalidations++;
    if (this.#loading > 0) {
      this.#lastInvalidation.set(tag, this.#invalidations);
      // A caller from now on must not join a load that may have read the old state.
      this.#fills.clear();
    }
    const keys = this.#keysByTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) {
      const value = this.#values.get(key);
      if (value !== undefined) this.#delete(key, value);
    }
  }

  /** Forgets everything, including what loads in flight will read. */
  clear(): void {
    this.#generation++;
    this.#fills.clear();
    this.#values.clear();
    this.#keysByTag.clear();
  }

  get size(): number {
    return this.#values.size;
  }

  close(): void {
    this.#unsubscribe();
    this.clear();
  }

  async #load(key: K, load: () => Promise<V | null>, fill: Fill<V>, generation: number): Promise<V | null> {
    this.#loading++;
    try {
      const value = await load();
      if (value !== null && this.#keepable(value, fill.since, generation)) this.#set(key, value);
      return value;
    } finally {
      if (this.#fills.get(key) === fill) this.#fills.delete(key);
      if (--this.#loading === 0) this.#lastInvalidation.clear();
    }
  }

  #keepable(value: V, since: number, generation: number): boolean {
    if (generation !== this.#generation || !this.#db.listening()) return false;
    return this.#options.tagsOf(value).every((tag) => (this.#lastInvalidation.get(tag) ?? 0) <= since);
  }

  #set(key: K, value: V): void {
    const previous = this.#values.get(key);
    if (previous !== undefined) this.#delete(key, previous);
    if (this.#values.size >= this.#options.max) {
      const [oldestKey, oldest] = this.#values.entries().next().value as [K, V];
      this.#delete(oldestKey, oldest);
    }
    this.#values.set(key, value);
    for (const tag of this.#options.tagsOf(value)) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.#keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  #delete(key: K, value: V): void {
    this.#values.delete(key);
    for (const tag of this.#options.tagsOf(value)) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}

import { describe, expect, it } from "vitest";
import { ChangeCache, changedTag } from "./change-cache.ts";
import type { ChangeSubscriber } from "./database.ts";

/** A feed of notifications driven by the test. */
function feed() {
  const subscribers = new Set<ChangeSubscriber>();
  let live = true;
  return {
    subscribe(subscriber: ChangeSubscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    listening: () => live,
    notify(payload: string) {
      for (const subscriber of subscribers) subscriber.notified(payload);
    },
    cut() {
      live = false;
      for (const subscriber of subscribers) subscriber.reset();
    },
    resume() {
      live = true;
      for (const subscriber of subscribers) subscriber.reset();
    },
  };
}

interface Value {
  order: number;
  read: number;
  until: number;
}

function cache(db: ReturnType<typeof feed>, max = 100) {
  return new ChangeCache<number, Value>(db, {
    max,
    tagsOf: (value) => [`order:${value.order}`, "catalog"],
    expiresAt: (value) => value.until,
  });
}

/** A load that resolves when the test says so. */
function deferred(value: Value) {
  let resolve: () => void = () => {};
  const promise = new Promise<Value>((done) => {
    resolve = () => done(value);
  });
  return { load: () => promise, resolve };
}

const value = (order: number, read = 1, until = Number.POSITIVE_INFINITY): Value => ({ order, read, until });

describe("change tags", () => {
  it("reads the payloads of migration 0006 and nothing else", () => {
    expect(changedTag("order:12:345")).toBe("order:12");
    expect(changedTag("member:3")).toBe("member:3");
    expect(changedTag("catalog")).toBe("catalog");
    expect(changedTag("order:12")).toBeNull();
    expect(changedTag("orders:1:2")).toBeNull();
  });
});

describe("ChangeCache", () => {
  it("keeps a value until its order changes, and loads once meanwhile", async () => {
    const db = feed();
    const values = cache(db);
    let loads = 0;
    const load = async () => value(7, ++loads);
    expect(await values.getOrLoad(7, load)).toEqual(value(7, 1));
    expect(await values.getOrLoad(7, load)).toEqual(value(7, 1));
    db.notify("order:8:1");
    expect(await values.getOrLoad(7, load)).toEqual(value(7, 1));
    db.notify("order:7:2");
    expect(await values.getOrLoad(7, load)).toEqual(value(7, 2));
    db.notify("catalog");
    expect(values.get(7)).toBeUndefined();
    expect(loads).toBe(2);
  });

  it("lets a value expire by itself", async () => {
    const db = feed();
    const values = cache(db);
    await values.getOrLoad(1, async () => value(1, 1, 1_000), 0);
    expect(values.get(1, 999)).toEqual(value(1, 1, 1_000));
    expect(values.get(1, 1_000)).toBeUndefined();
  });

  it("does not keep a load that overlapped a change of its order, nor hand it to a later caller", async () => {
    const db = feed();
    const values = cache(db);
    const before = deferred(value(5, 1));
    const first = values.getOrLoad(5, before.load);
    // A caller during the load shares it.
    const shared = values.getOrLoad(5, async () => value(5, 99));
    db.notify("order:5:10");
    // A caller after the change starts a load of its own.
    const after = values.getOrLoad(5, async () => value(5, 2));
    before.resolve();
    expect(await first).toEqual(value(5, 1));
    expect(await shared).toEqual(value(5, 1));
    expect(await after).toEqual(value(5, 2));
    expect(values.get(5)).toEqual(value(5, 2));
  });

  it("keeps a load that overlapped only other orders' changes", async () => {
    const db = feed();
    const values = cache(db);
    const load = deferred(value(5, 1));
    const pending = values.getOrLoad(5, load.load);
    db.notify("order:6:10");
    load.resolve();
    await pending;
    expect(values.get(5)).toEqual(value(5, 1));
  });

  it("forgets everything when the feed is cut, keeps nothing until it is back", async () => {
    const db = feed();
    const values = cache(db);
    await values.getOrLoad(1, async () => value(1));
    const load = deferred(value(2));
    const pending = values.getOrLoad(2, load.load);
    db.cut();
    expect(values.get(1)).toBeUndefined();
    load.resolve();
    expect(await pending).toEqual(value(2));
    expect(values.get(2)).toBeUndefined();
    await values.getOrLoad(3, async () => value(3));
    expect(values.size).toBe(0);
    db.resume();
    await values.getOrLoad(3, async () => value(3));
    expect(values.get(3)).toEqual(value(3));
  });

  it("holds at most `max` values, dropping the oldest", async () => {
    const db = feed();
    const values = cache(db, 2);
    for (const order of [1, 2, 3]) await values.getOrLoad(order, async () => value(order));
    expect(values.get(1)).toBeUndefined();
    expect(values.get(2)).toEqual(value(2));
    expect(values.get(3)).toEqual(value(3));
    // The dropped value's tags no longer point at it.
    db.notify("order:1:5");
    expect(values.size).toBe(2);
  });

  it("does not keep a load that found nothing", async () => {
    const db = feed();
    const values = cache(db);
    let loads = 0;
    const load = async () => {
      loads++;
      return null;
    };
    expect(await values.getOrLoad(9, load)).toBeNull();
    expect(await values.getOrLoad(9, load)).toBeNull();
    expect(loads).toBe(2);
  });
});

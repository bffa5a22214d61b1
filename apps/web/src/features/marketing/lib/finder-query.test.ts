import { describe, expect, it } from "vitest";
import { finderPageSize, readFinderQuery } from "./finder-query";

const read = (query: string) => readFinderQuery(new URLSearchParams(query));

describe("the locker finder's address", () => {
  it("takes the search trimmed and cut to the input's length, none when blank", () => {
    expect(read("q=%20blok%20m%20")).toEqual({ q: "blok m", limit: finderPageSize });
    expect(read("q=%20%20").q).toBeUndefined();
    expect(read("").q).toBeUndefined();
    expect(read(`q=${"x".repeat(150)}`).q).toHaveLength(100);
  });

  it("shows whole pages, one to twelve, whatever the address asks", () => {
    expect(read("shown=16").limit).toBe(16);
    expect(read("shown=17").limit).toBe(24);
    expect(read("shown=0").limit).toBe(8);
    expect(read("shown=-40").limit).toBe(8);
    expect(read("shown=abc").limit).toBe(8);
    expect(read("shown=100000").limit).toBe(96);
  });
});

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ConnectionCache } from "./connection-cache";

describe("ConnectionCache", () => {
  it("pushes out the least recently used entry, a read counting as a use, and keeps connections apart", () => {
    const [a, b] = [new Database(":memory:"), new Database(":memory:")];
    const cache = new ConnectionCache<string>(2);
    cache.set(a, "2016-12-30", "t0");
    cache.set(a, "2015-06-30", "t1");
    expect(cache.get(a, "2016-12-30")).toBe("t0");
    expect(cache.overflow(a, "2014-06-30")).toEqual([["2015-06-30", "t1"]]);
    // Kept again under its key (a day recomputed with more columns), an entry pushes nothing out.
    expect(cache.overflow(a, "2016-12-30")).toEqual([]);
    cache.set(a, "2014-06-30", "t2");
    expect([cache.get(a, "2015-06-30"), cache.get(a, "2016-12-30"), cache.get(a, "2014-06-30")]).toEqual([undefined, "t0", "t2"]);
    expect(cache.get(b, "2016-12-30")).toBeUndefined();
    expect(cache.overflow(b, "2016-12-30")).toEqual([]);
  });
});

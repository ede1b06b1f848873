import { describe, expect, it } from "vitest";
import { parseTiers } from "./tiers";

describe("rate-limit tiers", () => {
  it("has the spec's starter tier by default: 30 a minute and 1,000 per rolling 24 hours", () => {
    expect(parseTiers(undefined).get("starter")).toEqual([
      { name: "minute", limit: 30, windowMs: 60_000 },
      { name: "day", limit: 1000, windowMs: 86_400_000 },
    ]);
  });

  it("adds configured tiers and lets them override starter", () => {
    const tiers = parseTiers('{"pro": {"minute": 300, "day": 50000}, "starter": {"minute": 10, "day": 100}}');
    expect(tiers.get("pro")?.map((w) => w.limit)).toEqual([300, 50000]);
    expect(tiers.get("starter")?.map((w) => w.limit)).toEqual([10, 100]);
  });

  it("says what is wrong with a bad configuration", () => {
    expect(() => parseTiers("{pro")).toThrow(/not valid JSON/);
    expect(() => parseTiers('{"pro": {"minute": 0, "day": 10}}')).toThrow(/pro\.minute/);
    expect(() => parseTiers('{"pro": {"minute": 5}}')).toThrow(/pro\.day/);
    expect(() => parseTiers('{"Pro Tier": {"minute": 5, "day": 6}}')).toThrow(/tier names/);
    expect(() => parseTiers('{"pro": {"minute": 5, "day": 6, "hour": 3}}')).toThrow(/hour/);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { API_KEY_LENGTH, API_KEY_PREFIX, generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-key-format";

describe("API key format", () => {
  it("has the prefix, the length and a valid checksum", () => {
    const key = generateApiKey();
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("carries at least 128 random bits: 32 base62 characters, all distinct across many keys", () => {
    expect(32 * Math.log2(62)).toBeGreaterThan(128);
    const keys = new Set(Array.from({ length: 2000 }, generateApiKey));
    expect(keys.size).toBe(2000);
    // Every base62 character shows up in the random parts (no biased or missing symbols).
    const used = new Set([...keys].flatMap((k) => [...k.slice(API_KEY_PREFIX.length, -6)]));
    expect(used.size).toBe(62);
  });

  it("refuses any single-character typo through the checksum", () => {
    const key = generateApiKey();
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    fc.assert(
      fc.property(fc.integer({ min: API_KEY_PREFIX.length, max: API_KEY_LENGTH - 1 }), fc.constantFrom(...alphabet), (at, char) => {
        fc.pre(key[at] !== char);
        const typo = key.slice(0, at) + char + key.slice(at + 1);
        expect(isWellFormedApiKey(typo)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses swapped neighbours, wrong prefixes, lengths and characters", () => {
    const key = generateApiKey();
    const at = 10;
    const swapped = key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2);
    if (key[at] !== key[at + 1]) expect(isWellFormedApiKey(swapped)).toBe(false);
    expect(isWellFormedApiKey(`xsk_${key.slice(4)}`)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}a`)).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, -7)}-${key.slice(-6)}`)).toBe(false);
    expect(isWellFormedApiKey("")).toBe(false);
  });

  it("refuses random strings that look like keys", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^fsk_[0-9A-Za-z]{38}$/), (candidate) => {
        // A made-up key passes the checksum with probability 1 / 62^6.
        expect(isWellFormedApiKey(candidate)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("hashes with SHA-256", () => {
    expect(hashApiKey("abc").toString("hex")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

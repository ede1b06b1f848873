import { describe, expect, it } from "vitest";
import type { RateLimitDecisionWithReceipt, RateLimiter, RateLimitReceipt, WindowLimit } from "@/lib/rate-limit/sliding-window";
import { parseTiers } from "@/lib/rate-limit/tiers";

const STARTER = parseTiers(undefined).get("starter")!;
const T0 = Date.parse("2026-03-02T09:00:00Z");
const MINUTE = 60_000;
const DAY = 86_400_000;

let subjects = 0;
const fresh = () => `test-${process.pid}-${Date.now()}-${subjects++}`;

async function consumeMany(limiter: RateLimiter, subject: string, times: number, at: (i: number) => number, windows: readonly WindowLimit[] = STARTER) {
  const decisions = [];
  for (let i = 0; i < times; i++) decisions.push(await limiter.consume(subject, windows, at(i)));
  return decisions;
}

const receiptOf = (decision: RateLimitDecisionWithReceipt): RateLimitReceipt => {
  if (!decision.allowed) throw new Error("the request was refused: it has no receipt");
  return decision.receipt;
};
const remaining = (decision: RateLimitDecisionWithReceipt) => decision.policies.map((p) => p.remaining);

/** The behaviour every limiter store must have (run against SQLite, a real PostgreSQL and a real Redis). */
export function limiterContract(name: string, limiter: () => RateLimiter) {
  describe(`${name}: sliding-window log`, () => {
    it("admits 30 in a minute, refuses the 31st naming the minute limit, and admits again exactly when the oldest leaves", async () => {
      const subject = fresh();
      // One request a second from T0: the 31st comes at T0 + 30 s.
      const decisions = await consumeMany(limiter(), subject, 31, (i) => T0 + i * 1000);
      expect(decisions.slice(0, 30).every((d) => d.allowed)).toBe(true);
      const refused = decisions[30]!;
      expect(refused).toMatchObject({ allowed: false, receipt: null, violated: ["minute"], retryAfterSeconds: 30 });
      expect(refused.policies[0]).toMatchObject({ name: "minute", remaining: 0, resetSeconds: 30 });
      // The refusal was not recorded: 1 ms before the oldest leaves it is still full, at that instant one slot frees.
      expect((await limiter().consume(subject, STARTER, T0 + MINUTE - 1)).allowed).toBe(false);
      expect((await limiter().consume(subject, STARTER, T0 + MINUTE)).allowed).toBe(true);
      expect((await limiter().consume(subject, STARTER, T0 + MINUTE)).allowed).toBe(false);
    });

    it("reports remaining quota and reset time per window", async () => {
      const subject = fresh();
      const first = await limiter().consume(subject, STARTER, T0);
      expect(first.policies).toEqual([
        { name: "minute", limit: 30, windowSeconds: 60, remaining: 29, resetSeconds: 60 },
        { name: "day", limit: 1000, windowSeconds: 86400, remaining: 999, resetSeconds: 86400 },
      ]);
      const later = await limiter().consume(subject, STARTER, T0 + 20_500);
      expect(later.policies.map((p) => [p.remaining, p.resetSeconds])).toEqual([
        [28, 40],
        [998, 86380],
      ]);
    });

    it("24-hour window (injected clock): 1,000 pass, the 1,001st is refused until the oldest leaves the window", async () => {
      const subject = fresh();
      // One request every 61 s never fills the minute window; the 1,000th comes 16.9 hours after the first.
      const decisions = await consumeMany(limiter(), subject, 1000, (i) => T0 + i * 61_000);
      expect(decisions.every((d) => d.allowed)).toBe(true);
      expect(decisions[999]!.policies[1]!.remaining).toBe(0);
      const at = T0 + 1000 * 61_000;
      const refused = await limiter().consume(subject, STARTER, at);
      expect(refused).toMatchObject({ allowed: false, violated: ["day"] });
      expect(refused.retryAfterSeconds).toBe(Math.ceil((T0 + DAY - at) / 1000));
      expect((await limiter().consume(subject, STARTER, T0 + DAY - 1)).allowed).toBe(false);
      const passes = await limiter().consume(subject, STARTER, T0 + DAY);
      expect(passes.allowed).toBe(true);
      expect(passes.policies[1]!.remaining).toBe(0);
      expect((await limiter().consume(subject, STARTER, T0 + DAY + 1)).allowed).toBe(false);
    });

    it("names both limits when both are exhausted and waits for the later one", async () => {
      const subject = fresh();
      const windows = [
        { name: "minute", limit: 2, windowMs: MINUTE },
        { name: "day", limit: 3, windowMs: DAY },
      ];
      await consumeMany(limiter(), subject, 1, () => T0, windows);
      await consumeMany(limiter(), subject, 2, () => T0 + 2 * MINUTE, windows);
      const refused = await limiter().consume(subject, windows, T0 + 2 * MINUTE + 1000);
      expect(refused.violated).toEqual(["minute", "day"]);
      expect(refused.retryAfterSeconds).toBe(Math.ceil((DAY - 2 * MINUTE - 1000) / 1000));
    });

    it("says how many requests each window holds without recording one; a refund and time passing show in it", async () => {
      const subject = fresh();
      expect(await limiter().used(subject, STARTER, T0)).toEqual([0, 0]);
      const decisions = await consumeMany(limiter(), subject, 3, (i) => T0 + i * 1000);
      expect(await limiter().used(subject, STARTER, T0 + 2000)).toEqual([3, 3]);
      expect(await limiter().used(subject, STARTER, T0 + 2000)).toEqual([3, 3]);
      await limiter().refund(receiptOf(decisions[1]!));
      expect(await limiter().used(subject, STARTER, T0 + 2000)).toEqual([2, 2]);
      // A minute after the first, it has left the minute's window but not the day's.
      expect(await limiter().used(subject, STARTER, T0 + MINUTE)).toEqual([1, 2]);
      expect(await limiter().used(fresh(), STARTER, T0)).toEqual([0, 0]);
    });

    it("keeps subjects apart", async () => {
      const a = fresh();
      const b = fresh();
      await consumeMany(limiter(), a, 30, () => T0);
      expect((await limiter().consume(a, STARTER, T0)).allowed).toBe(false);
      expect((await limiter().consume(b, STARTER, T0)).allowed).toBe(true);
    });

    it("admits exactly 30 of 60 concurrent requests", async () => {
      const subject = fresh();
      const now = Date.now();
      const decisions = await Promise.all(Array.from({ length: 60 }, () => limiter().consume(subject, STARTER, now)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(30);
      expect(decisions.filter((d) => !d.allowed).every((d) => d.violated[0] === "minute")).toBe(true);
    });
  });

  describe(`${name}: refunds`, () => {
    const SMALL = [
      { name: "minute", limit: 2, windowMs: MINUTE },
      { name: "day", limit: 10, windowMs: DAY },
    ];

    it("gives the request's slot back in every window, from a receipt that went through JSON", async () => {
      const subject = fresh();
      const [first, second] = await consumeMany(limiter(), subject, 2, (i) => T0 + i * 1000, SMALL);
      expect(remaining(second!)).toEqual([0, 8]);
      await limiter().refund(JSON.parse(JSON.stringify(receiptOf(first!))) as RateLimitReceipt);
      const again = await limiter().consume(subject, SMALL, T0 + 2000);
      expect(again.allowed).toBe(true);
      // The oldest request is now the second: a slot frees when it leaves, 59 s later.
      expect(again.policies.map((p) => [p.remaining, p.resetSeconds])).toEqual([
        [0, 59],
        [8, 86399],
      ]);
      expect((await limiter().consume(subject, SMALL, T0 + 2000)).allowed).toBe(false);
    });

    it("refunds once: a second refund of the same receipt leaves later requests of the same instant counted", async () => {
      const subject = fresh();
      const receipt = receiptOf(await limiter().consume(subject, SMALL, T0));
      await limiter().refund(receipt);
      await consumeMany(limiter(), subject, 2, () => T0, SMALL);
      await limiter().refund(receipt);
      const refused = await limiter().consume(subject, SMALL, T0);
      expect(refused).toMatchObject({ allowed: false, violated: ["minute"] });
      expect(remaining(refused)).toEqual([0, 8]);
    });

    it("changes nothing for a request that has left every window, and gives back the windows it is still in", async () => {
      const subject = fresh();
      const expired = receiptOf(await limiter().consume(subject, STARTER, T0));
      const leftMinute = receiptOf(await limiter().consume(subject, SMALL, T0 + DAY));
      await consumeMany(limiter(), subject, 2, () => T0 + DAY + MINUTE, SMALL);
      await limiter().refund(expired);
      expect(remaining(await limiter().consume(subject, SMALL, T0 + DAY + MINUTE))).toEqual([0, 7]);
      await limiter().refund(leftMinute);
      const refused = await limiter().consume(subject, SMALL, T0 + DAY + MINUTE);
      expect(refused).toMatchObject({ allowed: false, violated: ["minute"] });
      expect(remaining(refused)).toEqual([0, 8]);
    });

    it("refunds only its own subject's request, even when the receipt names another subject", async () => {
      const [a, b] = [fresh(), fresh()];
      const windows = [{ name: "minute", limit: 1, windowMs: MINUTE }];
      const receiptA = receiptOf(await limiter().consume(a, windows, T0));
      expect((await limiter().consume(b, windows, T0)).allowed).toBe(true);
      await limiter().refund({ ...receiptA, subject: b });
      expect((await limiter().consume(b, windows, T0)).allowed).toBe(false);
      await limiter().refund(receiptA);
      expect((await limiter().consume(b, windows, T0)).allowed).toBe(false);
      expect((await limiter().consume(a, windows, T0)).allowed).toBe(true);
    });

    it("admits exactly the free slots and the refunded ones when refunds (each sent twice) race requests", async () => {
      const subject = fresh();
      const now = Date.now();
      const racing = () => Promise.all(Array.from({ length: 20 }, () => limiter().consume(subject, STARTER, now)));
      const admitted = (await racing()).map(receiptOf);
      const refunds = [...admitted.slice(0, 10), ...admitted.slice(0, 10)].map((r) => limiter().refund(r));
      const [during] = await Promise.all([racing(), ...refunds]);
      const after = await racing();
      // 10 slots were free and 10 refunded: a second refund of a receipt gives back nothing.
      expect([...during, ...after].filter((d) => d.allowed)).toHaveLength(10 + 10);
    });
  });
}

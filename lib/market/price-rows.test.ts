import { describe, expect, it } from "vitest";
import { type PriceDay, priceRows, RSI_PERIOD, WINDOW_ROWS } from "./price-rows";

/** 400 days of a zigzag with a drift, a 2-for-1 split on day 300 and a volume that varies. */
const days: PriceDay[] = Array.from({ length: 400 }, (_, i) => {
  const base = 50 + 10 * Math.sin(i / 9) + i / 20;
  const split = i >= 300 ? 2 : 1;
  return { date: `d${String(i).padStart(4, "0")}`, close: base / split, adjustedClose: base, volume: 1000 + (i % 7) * 100, dividend: null, split: i === 300 ? 2 : 1 };
});

describe("priceRows", () => {
  const rows = priceRows(days);

  it("continues sums, Wilder's averages and windows across an append exactly as in one pass", () => {
    for (const cut of [1, 20, 251, 252, 253, 399]) {
      const head = priceRows(days.slice(0, cut));
      expect([...head, ...priceRows(days.slice(cut), head)], `cut at ${cut}`).toEqual(rows);
      // The stored rows a continuation reads: only the last WINDOW_ROWS − 1.
      expect([...head, ...priceRows(days.slice(cut), head.slice(-(WINDOW_ROWS - 1)))], `cut at ${cut}, window only`).toEqual(rows);
    }
  });

  it("gives the plain definitions of its window values", () => {
    for (const i of [0, 13, 14, 251, 260, 299, 300, 399]) {
      const row = rows[i]!;
      const window = days.slice(Math.max(0, i - WINDOW_ROWS + 1), i + 1);
      // Closes in the day's shares: each earlier close divided by the splits after it.
      const splitsAfter = (j: number) => days.slice(j + 1, i + 1).reduce((p, d) => p * d.split, 1);
      const inDayShares = window.map((d, k) => d.close / splitsAfter(Math.max(0, i - WINDOW_ROWS + 1) + k));
      expect(row.windowHigh / row.splitIndex).toBeCloseTo(Math.max(...inDayShares), 9);
      expect(row.windowLow / row.splitIndex).toBeCloseTo(Math.min(...inDayShares), 9);
      let drawdown = 0;
      for (let a = 0; a < window.length; a++) for (let b = a; b < window.length; b++) drawdown = Math.max(drawdown, 1 - window[b]!.adjustedClose / window[a]!.adjustedClose);
      expect(row.windowDrawdown).toBeCloseTo(drawdown, 12);
      expect(row.adjustedCloseSum).toBeCloseTo(days.slice(0, i + 1).reduce((sum, d) => sum + d.adjustedClose, 0), 6);
      expect(row.tradedValueSum).toBeCloseTo(days.slice(0, i + 1).reduce((sum, d) => sum + d.close * d.volume, 0), 3);
    }
  });

  it("averages gains and losses as Wilder: the mean of the first 14 changes, then (previous × 13 + today) / 14", () => {
    const changes = days.slice(1).map((d, i) => d.adjustedClose - days[i]!.adjustedClose);
    let gain = changes.slice(0, RSI_PERIOD).reduce((s, c) => s + Math.max(c, 0), 0) / RSI_PERIOD;
    let loss = changes.slice(0, RSI_PERIOD).reduce((s, c) => s + Math.max(-c, 0), 0) / RSI_PERIOD;
    expect(rows[RSI_PERIOD]!.rsiGain).toBeCloseTo(gain, 12);
    expect(rows[RSI_PERIOD]!.rsiLoss).toBeCloseTo(loss, 12);
    for (let i = RSI_PERIOD + 1; i < days.length; i++) {
      gain = (gain * (RSI_PERIOD - 1) + Math.max(changes[i - 1]!, 0)) / RSI_PERIOD;
      loss = (loss * (RSI_PERIOD - 1) + Math.max(-changes[i - 1]!, 0)) / RSI_PERIOD;
    }
    expect(rows.at(-1)!.rsiGain).toBeCloseTo(gain, 10);
    expect(rows.at(-1)!.rsiLoss).toBeCloseTo(loss, 10);
  });
});

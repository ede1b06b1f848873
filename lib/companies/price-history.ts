import type { PricePoint } from "./company-repository";

/**
 * Adjusted closes scaled so that the last one is that day's actual close. The price file adjusts
 * for every split and dividend up to 2021; scaled this way the line keeps the adjusted shape
 * (no cliffs at splits) and reads in the prices of the as-of date. Pure.
 */
export function rebasedCloses(prices: readonly PricePoint[]): number[] {
  const last = prices.at(-1);
  if (!last || last.adjusted_close === 0) return prices.map((p) => p.close);
  const factor = last.close / last.adjusted_close;
  return prices.map((p) => p.adjusted_close * factor);
}

/** Each day's volume in the shares of the last day (a 2:1 split since doubles it), as the closes are. Pure. */
export function volumesOnLastBasis(prices: readonly PricePoint[]): number[] {
  const basis = prices.at(-1)?.split_index ?? 1;
  return prices.map((p) => (p.volume * basis) / p.split_index);
}

/** `values` rebased so that it equals `anchor` at index `from`: a benchmark drawn from a stock's price at the start of a range. Pure. */
export function rebaseTo(values: readonly number[], from: number, anchor: number): number[] {
  const base = values[from];
  return base ? values.map((v) => (v / base) * anchor) : values.map(() => Number.NaN);
}

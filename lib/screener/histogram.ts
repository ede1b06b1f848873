/**
 * Histogram bins of the screener's result-set charts. Pure. The bins span the universe's values
 * between its 1st and 99th percentiles (so one outlier cannot squeeze everything into a bin);
 * values beyond fall in the end bins, which the response marks as open. A positive field whose
 * 99th percentile is 20 or more times its 1st (market cap, revenue) is binned on a log scale.
 */

export type HistogramScale = "linear" | "log";

export interface Histogram {
  scale: HistogramScale;
  /** bins + 1 ascending edges: bin i holds edges[i] <= v < edges[i + 1] (the last bin includes its top). */
  edges: number[];
  universe: number[];
  matches: number[];
  /** The first bin also holds values below its lower edge, the last one values above its top. */
  open_below: boolean;
  open_above: boolean;
}

/** The value at quantile q of ascending values (linear interpolation). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** The bins' span and scale for the universe's values. */
export function binSpan(universe: readonly number[]): { low: number; high: number; scale: HistogramScale } {
  const sorted = [...universe].sort((a, b) => a - b);
  const low = quantile(sorted, 0.01);
  const high = quantile(sorted, 0.99);
  const scale = low > 0 && high / low >= 20 ? "log" : "linear";
  return { low, high, scale };
}

/** Counts of `universe` and `matches` (a subset of its companies) over `bins` bins. */
export function histogram(universe: readonly number[], matches: readonly number[], bins: number): Histogram {
  if (universe.length === 0) return { scale: "linear", edges: [], universe: [], matches: [], open_below: false, open_above: false };
  const { low, high, scale } = binSpan(universe);
  const forward = scale === "log" ? Math.log10 : (v: number) => v;
  const [from, to] = [forward(low), forward(high)];
  // All values equal (or the percentiles are): one bin around them.
  const count = to > from ? bins : 1;
  const width = to > from ? (to - from) / count : 1;
  const start = to > from ? from : from - 0.5;
  const edges = Array.from({ length: count + 1 }, (_, i) => {
    const t = start + i * width;
    return Number((scale === "log" ? 10 ** t : t).toPrecision(12));
  });
  const binOf = (v: number) => {
    const t = scale === "log" ? (v > 0 ? Math.log10(v) : Number.NEGATIVE_INFINITY) : v;
    return Math.min(count - 1, Math.max(0, Math.floor((t - start) / width)));
  };
  const counts = (values: readonly number[]) => {
    const out = new Array<number>(count).fill(0);
    for (const v of values) out[binOf(v)]! += 1;
    return out;
  };
  return {
    scale,
    edges,
    universe: counts(universe),
    matches: counts(matches),
    open_below: universe.some((v) => v < edges[0]!),
    open_above: universe.some((v) => v > edges.at(-1)!),
  };
}

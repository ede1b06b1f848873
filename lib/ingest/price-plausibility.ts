import type { PriceDay } from "@/lib/market/price-rows";

/**
 * The whole market's price archives carry prints no market made (docs/METRICS.md "Implausible
 * prices"): two days at $0.004 between $39.53 and $38.19 (RMI 2015-12-28 and 29, volume 0), or a
 * symbol's rows at a hundredth of a cent before its listing (NK, ADAP, RUN in 2015). Left in, one
 * such print moves an equal-weighted market by thousands of percent and gives its company a
 * volatility of 7,000%. A series is cleaned in two steps:
 *
 * 1. **Bad prints**: a run of at most SPIKE_DAYS days whose close (times the splits) is each more
 *    than SPIKE_FACTOR times above or below the day before the run, after which it is back within
 *    RETURN_BAND of that day. The run's days are dropped.
 * 2. **Breaks**: a day whose adjusted close is more than BREAK_FACTOR times above or below the day
 *    before splits the series. One part is kept: the latest of at least MIN_PART_DAYS days (the
 *    security trading now: new shares after a bankruptcy, the listing after rows before it), else
 *    the longest (a bad tail). The first day kept has no split and an unknown dividend.
 *
 * A bad print on a series' first day has no day before it to come back to: it stays unless tenfold.
 */

const SPIKE_FACTOR = 3;
const SPIKE_DAYS = 5;
const RETURN_BAND = 1.5;
const BREAK_FACTOR = 10;
const MIN_PART_DAYS = 10;

/** What cleaning took out of a series. */
interface Implausible {
  /** Days of bad prints dropped. */
  spikeDays: number;
  /** Days dropped on the other sides of breaks. */
  cutDays: number;
}

const beyond = (a: number, b: number, factor: number) => a > b * factor || a * factor < b;

/** Each day's close times the splits through it: the closes on one share basis. */
function splitAdjustedCloses(days: readonly PriceDay[]): number[] {
  let splits = 1;
  return days.map((d) => d.close * (splits *= d.split));
}

/**
 * Drops the runs of bad prints (step 1), found on the close times the splits: the archives' adjusted
 * close chains each archive's reading of the day before, which a bad print can shift for good. The
 * day after a run takes the run's split and dividend (so that share counts and dividends still add
 * up), and its return from the day before the run is that of their closes times the splits; the
 * adjusted closes after it keep their own returns.
 */
function withoutBadPrints(days: readonly PriceDay[]): PriceDay[] {
  const price = splitAdjustedCloses(days);
  const kept: PriceDay[] = [];
  let before = -1;
  // What the adjusted closes from the last run on are multiplied by.
  let scale = 1;
  for (let i = 0; i < days.length; i++) {
    if (before >= 0 && beyond(price[i]!, price[before]!, SPIKE_FACTOR)) {
      let back = i;
      while (back < days.length && back < i + SPIKE_DAYS && beyond(price[back]!, price[before]!, SPIKE_FACTOR)) back++;
      if (back < days.length && !beyond(price[back]!, price[before]!, RETURN_BAND)) {
        const run = days.slice(i, back + 1);
        const dividends = run.map((d) => d.dividend);
        const dividend = dividends.includes(null) ? null : dividends.reduce((sum: number, d) => sum + d!, 0);
        // The total return: the dividends paid in the run and on the day count as on that day.
        const adjustedClose = kept.at(-1)!.adjustedClose * (price[back]! / price[before]!) * (1 + (dividend ?? 0) / days[back]!.close);
        scale = adjustedClose / days[back]!.adjustedClose;
        kept.push({ ...days[back]!, adjustedClose, split: run.reduce((product, d) => product * d.split, 1), dividend });
        before = i = back;
        continue;
      }
    }
    kept.push(scale === 1 ? days[i]! : { ...days[i]!, adjustedClose: days[i]!.adjustedClose * scale });
    before = i;
  }
  return kept;
}

/**
 * The part between breaks that step 2 keeps, judged on the adjusted close: a split the archives
 * did not recognise moves the close tenfold for good (GFA's 1-for-13.5 of 2017-03-28), not the
 * adjusted close.
 */
function keptPart(days: readonly PriceDay[]): PriceDay[] {
  const parts: { from: number; to: number }[] = [];
  let from = 0;
  for (let i = 1; i <= days.length; i++) {
    if (i < days.length && !beyond(days[i]!.adjustedClose, days[i - 1]!.adjustedClose, BREAK_FACTOR)) continue;
    parts.push({ from, to: i });
    from = i;
  }
  const size = (p: { from: number; to: number }) => p.to - p.from;
  const kept = parts.findLast((p) => size(p) >= MIN_PART_DAYS) ?? parts.reduce((a, b) => (size(b) > size(a) ? b : a), parts[0] ?? { from: 0, to: 0 });
  const part = days.slice(kept.from, kept.to);
  // A first day after a dropped one: its split and dividend were measured against that day.
  if (kept.from > 0) part[0] = { ...part[0]!, split: 1, dividend: null };
  return part;
}

/**
 * `days` (one symbol, by date) without its implausible days; the adjusted close of the days kept is
 * rescaled so that the last one's equals its close, as the archives' derivation leaves it.
 */
export function plausibleDays(days: readonly PriceDay[]): { days: PriceDay[] } & Implausible {
  const printed = withoutBadPrints(days);
  const kept = keptPart(printed);
  const last = kept.at(-1);
  const scale = last === undefined ? 1 : last.close / last.adjustedClose;
  return {
    days: scale === 1 ? kept : kept.map((d) => ({ ...d, adjustedClose: d.adjustedClose * scale })),
    spikeDays: days.length - printed.length,
    cutDays: printed.length - kept.length,
  };
}

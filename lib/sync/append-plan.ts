import { AGREEMENT_TOLERANCE } from "@/lib/ingest/synced-prices";
import { type PriceDay, type PriceRow, priceRows } from "@/lib/market/price-rows";

/** New trading days of one company already in the database, sorted by date. */
export interface CompanyDays {
  companyId: number;
  days: readonly PriceDay[];
}

/** What appending a company's days does: the rows to insert, or why none are. */
export type SeriesPlan =
  | { companyId: number; rows: PriceRow[]; overlap: number }
  | { companyId: number; refused: { date: string; reason: string } };

const disagrees = (given: number, stored: number) => Math.abs(given / stored - 1) > AGREEMENT_TOLERANCE;

/**
 * The rows that extend a company's stored history (`history` its last stored rows, oldest first,
 * as many as the windows of lib/market/price-rows.ts read; `storedOn` any stored row by date) with
 * `days`. Days up to `last` must be stored rows that agree with them (an
 * overlap, skipped); days after it continue the running sums. Anything else refuses the whole
 * series: a day missing inside the history or a disagreeing close means the source's adjustment
 * basis is not the stored one, and a split would restate the share counts of fiscal-year
 * versions (lib/ingest/point-in-time.ts), which only a rebuild writes.
 */
export function planSeries({ companyId, days }: CompanyDays, history: readonly PriceRow[], storedOn: (date: string) => PriceRow | undefined): SeriesPlan {
  const last = history.at(-1);
  const refuse = (date: string, reason: string): SeriesPlan => ({ companyId, refused: { date, reason } });
  if (days.length === 0) return { companyId, rows: [], overlap: 0 };
  if (last === undefined) return refuse(days[0]!.date, "no stored price history to continue (a rebuild starts one)");
  let overlap = 0;
  const after: PriceDay[] = [];
  for (const [i, day] of days.entries()) {
    if (i > 0 && day.date <= days[i - 1]!.date) return refuse(day.date, "days not in date order, or a day given twice");
    if (day.date > last.date) {
      if (day.split !== 1) return refuse(day.date, `a split (${day.split}) restates fiscal-year share counts: rebuild`);
      after.push(day);
      continue;
    }
    const stored = storedOn(day.date);
    if (stored === undefined) return refuse(day.date, `not after the last stored day ${last.date}, and not a stored day`);
    if (disagrees(day.close, stored.close) || disagrees(day.adjustedClose, stored.adjustedClose)) {
      return refuse(day.date, `close ${day.close} (adjusted ${day.adjustedClose}) disagrees with the stored ${stored.close} (adjusted ${stored.adjustedClose})`);
    }
    overlap++;
  }
  return { companyId, rows: priceRows(after, history), overlap };
}

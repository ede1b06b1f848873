import { daysBetween } from "@/lib/calendar";
import type { PriceDay } from "@/lib/market/price-rows";
import type { FiscalYearInputs, FiscalYearValues } from "./fiscal-years";
import type { FiscalYearHistory } from "./point-in-time";
import { splitFactorAfter } from "./prices";
import type { ShareCount } from "./pystock-fundamentals";

/**
 * Fiscal years of the S&P 500 sources (SEC companyfacts, the Kaggle file) checked against and
 * completed from the whole market's 10-Ks (docs/METRICS.md "Sources and precedence"), as known on
 * each date, so no check uses a filing before its filed date:
 * - a Kaggle share count (its net income over its EPS) more than half as large again, or smaller by
 *   a third, than a 10-K's or 10-Q's count for a period within a year of it (splits between them
 *   taken out) says that EPS is not the year's basic EPS (Deere's FY2016: 0.91 beside net income of
 *   $1.52B): the year's EPS and share count are left out;
 * - a value the source lacks (Amazon's EPS in the Kaggle file) is taken from the 10-K of the same
 *   period end once that 10-K is filed, an EPS only where it agrees with the year's net income and
 *   share count within 10%.
 */

/** Values a 10-K of the whole market can give a year of another source. */
const FILLED = ["revenue", "operatingIncome", "netIncome", "eps", "sharesOutstanding", "totalAssets", "totalEquity", "cash", "operatingCashFlow"] as const;

/** How far apart a share count and its reference may be. */
const MAX_SHARE_RATIO = 1.5;
/** How far a filled EPS times the share count may be from net income. */
const MAX_EPS_MISMATCH = 0.1;
/** How far the reference's period end may be from the year's. */
const MAX_REFERENCE_DAYS = 400;

/** One value a check left out or took from a 10-K, for the ingest report and the company page. */
export interface FundamentalsCheck {
  fiscalYear: number;
  metric: string;
  rule: "eps-share-count" | "eps-net-income" | "filled-from-10-k";
  detail: string;
}

/** What the checks did to one company's years (on any date): keyed by fiscal year and metric. */
export interface CheckLog {
  excluded: Map<string, FundamentalsCheck>;
  /** The values taken from the 10-Ks, by fiscal year and metric. */
  filled: Map<string, FundamentalsCheck>;
}

export const newCheckLog = (): CheckLog => ({ excluded: new Map(), filled: new Map() });

/** The share count nearest in period end to `periodEnd` among those filed by `date`, within MAX_REFERENCE_DAYS. */
function referenceCount(counts: readonly ShareCount[], periodEnd: string, date: string): ShareCount | undefined {
  let best: ShareCount | undefined;
  for (const count of counts) {
    if (count.filed > date) break;
    const distance = Math.abs(daysBetween(periodEnd, count.periodEnd));
    if (distance <= MAX_REFERENCE_DAYS && (!best || distance < Math.abs(daysBetween(periodEnd, best.periodEnd)))) best = count;
  }
  return best;
}

function checkShares(fy: FiscalYearInputs, counts: readonly ShareCount[], days: readonly PriceDay[] | undefined, date: string, log: CheckLog): FiscalYearInputs {
  if (fy.source !== "kaggle" || fy.sharesOutstanding === null || fy.publicDate > date) return fy;
  const reference = referenceCount(counts, fy.periodEnd, date);
  if (!reference) return fy;
  // Both counts on the share basis of the reference's filing, which may come before or after the year's.
  const restated = fy.sharesOutstanding * (days ? splitFactorAfter(days, fy.sharesBasisDate, reference.filed) / splitFactorAfter(days, reference.filed, fy.sharesBasisDate) : 1);
  const ratio = restated / reference.shares;
  if (ratio <= MAX_SHARE_RATIO && ratio >= 1 / MAX_SHARE_RATIO) return fy;
  log.excluded.set(`${fy.fiscalYear}:eps`, {
    fiscalYear: fy.fiscalYear,
    metric: "eps",
    rule: "eps-share-count",
    detail: `EPS ${fy.eps} beside net income ${fy.netIncome} implies ${Math.round(restated).toLocaleString("en-US")} shares; the report for the period ended ${reference.periodEnd} (filed ${reference.filed}) implies ${Math.round(reference.shares).toLocaleString("en-US")}: EPS and share count left out`,
  });
  return { ...fy, eps: null, sharesOutstanding: null };
}

function fill(fy: FiscalYearInputs, tenK: FiscalYearInputs | undefined, log: CheckLog): FiscalYearInputs {
  if (!tenK) return fy;
  const filled: Partial<FiscalYearValues> & Pick<FiscalYearInputs, "epsBasisDate" | "sharesBasisDate"> = { epsBasisDate: fy.epsBasisDate, sharesBasisDate: fy.sharesBasisDate };
  for (const metric of FILLED) {
    if (fy[metric] !== null || tenK[metric] === null) continue;
    filled[metric] = tenK[metric];
    log.filled.set(`${fy.fiscalYear}:${metric}`, {
      fiscalYear: fy.fiscalYear,
      metric,
      rule: "filled-from-10-k",
      detail: `${tenK[metric]} from the 10-K for the period ended ${tenK.periodEnd} (filed ${tenK.publicDate}): the source has none`,
    });
    // A per-share value or count taken from the 10-K is on the share basis of its filing.
    if (metric === "eps") filled.epsBasisDate = tenK.epsBasisDate;
    if (metric === "sharesOutstanding") filled.sharesBasisDate = tenK.sharesBasisDate;
  }
  const result = { ...fy, ...filled };
  if (filled.eps == null || result.sharesOutstanding === null || result.netIncome === null) return result;
  // A filled EPS must agree with the year's own net income and share count (Alphabet's 10-K row
  // gives 113.28, four times its basic EPS per class): else it is not taken.
  const implied = (filled.eps * result.sharesOutstanding) / result.netIncome;
  if (Math.abs(implied - 1) <= MAX_EPS_MISMATCH) return result;
  log.filled.delete(`${fy.fiscalYear}:eps`);
  log.excluded.set(`${fy.fiscalYear}:eps`, {
    fiscalYear: fy.fiscalYear,
    metric: "eps",
    rule: "eps-net-income",
    detail: `the 10-K's EPS ${filled.eps} times the year's ${Math.round(result.sharesOutstanding).toLocaleString("en-US")} shares is ${(implied * 100).toFixed(0)}% of its net income ${result.netIncome}: not taken`,
  });
  return { ...result, eps: fy.eps, epsBasisDate: fy.epsBasisDate };
}

/** `history` as checked against and completed from the whole market's 10-Ks and share counts of the same company. */
export function checkedHistory(
  history: FiscalYearHistory,
  market: { years: FiscalYearHistory | undefined; shareCounts: readonly ShareCount[] | undefined },
  days: readonly PriceDay[] | undefined,
  log: CheckLog,
): FiscalYearHistory {
  if (!market.years && !market.shareCounts) return history;
  return {
    yearsAt: (date) => {
      const tenKs = market.years?.yearsAt(date) ?? [];
      return history.yearsAt(date).map((fy) => {
        const checked = checkShares(fy, market.shareCounts ?? [], days, date, log);
        return fill(checked, tenKs.find((k) => k.fiscalYear === fy.fiscalYear && Math.abs(daysBetween(k.periodEnd, fy.periodEnd)) <= 7), log);
      });
    },
    changeDates: [...new Set([...history.changeDates, ...(market.years?.changeDates ?? []), ...(market.shareCounts ?? []).map((c) => c.filed)])].sort(),
  };
}

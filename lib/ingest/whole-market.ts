import type { PriceDay } from "@/lib/market/price-rows";
import type { BundledPaths } from "./bundled-paths";
import { readBrotliText } from "./compressed-files";
import type { FiscalYearHistory } from "./point-in-time";
import type { Progress } from "./progress";
import { PYSTOCK_SYMBOL_COLUMNS, type PystockSymbol, parsePystockSymbols } from "./pystock-companies";
import { type PystockFundamentalsCounts, type ShareCount, pystockFiscalYears } from "./pystock-fundamentals";
import { parsePystockPricesWithCounts } from "./pystock-prices";
import { parsePystockReports } from "./pystock-reports";
import { type TrailingVersion, pystockTrailingVersions } from "./pystock-ttm";
import { readBundledCsv } from "./read-sources";

/** The whole US market of the pystock archives, by symbol: daily prices, fiscal years as known on any date, names. */
export interface WholeMarket {
  prices: Map<string, PriceDay[]>;
  years: Map<string, FiscalYearHistory>;
  shareCounts: Map<string, ShareCount[]>;
  /** Trailing-twelve-month versions from the 10-Ks and 10-Qs. */
  trailing: Map<string, TrailingVersion[]>;
  symbols: PystockSymbol[];
  fundamentals: PystockFundamentalsCounts;
}

export function readWholeMarket(paths: BundledPaths, progress: Progress): WholeMarket {
  const { series: prices, counts: priceCounts } = parsePystockPricesWithCounts(paths.pystockPrices, readBrotliText(paths.pystockPrices));
  progress(`whole market (pystock): daily prices of ${prices.size} symbols; ${JSON.stringify(priceCounts)}`);
  const { reports, counts: reportCounts } = parsePystockReports(paths.pystockReports, readBrotliText(paths.pystockReports));
  const { bySymbol: years, shareCounts, counts: fundamentals } = pystockFiscalYears(reports);
  const trailing = pystockTrailingVersions(reports);
  progress(`whole market (pystock): ${reportCounts.rows} reports, fiscal years of ${years.size} symbols; ${JSON.stringify({ ...reportCounts, ...fundamentals })}`);
  const symbols = parsePystockSymbols(paths.pystockSymbols, readBundledCsv(paths.pystockSymbols, PYSTOCK_SYMBOL_COLUMNS));
  const withTtm = [...trailing.values()].filter((versions) => versions.some((v) => v.netMargin !== null || v.returnOnEquity !== null)).length;
  progress(`whole market (pystock): trailing twelve months for ${withTtm} symbols`);
  return { prices, years, shareCounts, trailing, symbols, fundamentals };
}

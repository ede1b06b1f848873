import { request as httpRequest } from "node:http";

/**
 * The requests that used to stall the server (issue 11's red team), as the stall suite
 * (e2e/api/stall.spec.ts) and `npm run bench:load` send them.
 */

/** Mid-frequency words of the filings, as the red team used them. */
export const STALL_WORDS = (
  "pension equivalent committed dividend among standard derivative liquidity obligations goodwill impairment " +
  "revenue recognition segment operating lease deferred taxes acquisition borrowings covenant inventory " +
  "warranty restructuring litigation currency hedging capital expenditures repurchase amortization"
).split(" ");

const sentence = (count: number, shift = 0) => Array.from({ length: count }, (_, i) => STALL_WORDS[(i + shift) % STALL_WORDS.length]).join(" ");

/** 12 queries of about 290 characters of those words. */
export const LONG_QUERIES = Array.from({ length: 12 }, (_, i) => sentence(40, i).slice(0, 290));

export const STALL_BODIES = {
  /** 166 one-letter prefixes (refused: they fit the 500-character limit, not the term bounds). */
  onePrefixEach: {
    filters: { marketCap_usd: { min: 0 }, description_keywords: { fts: Array.from({ length: 166 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}*`).join(" ") } },
    result_format: "tickers",
  },
  /** About the costliest screen the bounds accept: 4 prefixes and 8 words over the whole universe. */
  costliestScreen: { filters: { marketCap_usd: { min: 0 }, description_keywords: { fts: `com* ser* pro* inc* ${sentence(8)}` } }, result_format: "tickers" },
  /** The red team's filing search (refused: over the term budget). */
  longKeywordSearch: { queries: LONG_QUERIES, searchtype: "keyword", results: 25 },
  /** About the costliest search the bounds accept: two 300-character queries of those words. */
  costliestSearch: { queries: [sentence(32).slice(0, 300), sentence(32, 7).slice(0, 300)], searchtype: "hybrid", results: 25 },
  /**
   * About the costliest formulas the bounds accept (8 formulas, the 6 percentiles, ten-year averages,
   * the deepest offsets, every peer group), as of a date other than the default, every listing,
   * sorted by a formula.
   */
  costliestFormulas: {
    as_of: "2016-06-30",
    listings: "all",
    formulas: [
      { name: "f0", expression: "pct(avg(revenue, 10y), industry)" },
      { name: "f1", expression: "pct(avg(netIncome, 10y) / avg(totalAssets, 10y), sector)" },
      { name: "f2", expression: "pct(fy(operatingCashFlow, 9) + fy(capitalExpenditures, 9), country)" },
      { name: "f3", expression: "pct(marketCap_usd / (totalDebt + 1), industry_group)" },
      { name: "f4", expression: "pct(log(abs(peRatio) + 1) * max(eps, 0.01, ebit / 1e9, fy(eps, 5)), market)" },
      { name: "f5", expression: "pct(min(grossMargin, operatingMargin, netMargin) - avg(returnOnEquity, 10y), industry)" },
      { name: "f6", expression: "(f0 + f1 + f2 + f3 + f4 + f5) / 6", min: 0 },
      { name: "f7", expression: "abs(f6 - 50) + avg(cash, 10y) / avg(totalLiabilities, 10y)" },
    ],
    sort: { field: "f7", desc: true },
    page: { limit: 1000 },
  },
  /** 3,000 unknown members (a 400 that must stay small). */
  manyUnknownMembers: { filters: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, 1])) },
};

/** The filing search page with the red team's 12 queries. */
export const longSearchPage = (base: string) => `${base}/filings/?${LONG_QUERIES.map((q) => `q=${encodeURIComponent(q)}`).join("&")}&searchtype=keyword`;

/** A POST whose body stops after its first bytes (a client that stalls mid-body); its answer's status, 0 if the connection failed. */
export function stalledBody(url: string, key: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(new URL(url), {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": "100" },
    });
    req.on("response", (response) => {
      response.resume();
      response.on("end", () => {
        resolve(response.statusCode ?? 0);
        req.destroy();
      });
    });
    req.on("error", () => resolve(0));
    req.write('{"filters":');
  });
}

/**
 * The heaviest backtest the schemas accept, as a red team would send it: the whole as-of range
 * monthly, six metric rule groups of five ten-year averages each and five growth rules (6 KB).
 */
export const HEAVIEST_BACKTEST = {
  filters: {
    ...Object.fromEntries(
      ["returnOnInvestedCapital", "returnOnEquity", "grossMargin", "operatingMargin", "netMargin", "debtToEquity"].map((group) => [
        group,
        {
          rules: Array.from({ length: 5 }, (_, i) => ({
            kind: "compare",
            left: { kind: "average", years: 10 - i, anchor: { scope: "fy", offset: i } },
            operator: "gt",
            right: { kind: "average", years: 10, anchor: { scope: "fy", offset: 0 } },
          })),
        },
      ]),
    ),
    incomeStatementGrowth: { rules: [1, 3, 5, 7, 10].map((horizon) => ({ metric: "revenue", horizon_years: horizon, value_type: "cagr", currency_basis: "usd", min: -1 })) },
  },
  start: "2012-12-31",
  end: "2021-04-21",
  rebalance: "monthly",
};

/**
 * The heaviest membership history the schema accepts: its most trading days (65, each a day of the
 * whole market's values, which a price-based filter needs), the backtest's rule groups, a formula
 * with a sector percentile and bounds.
 */
export const HEAVIEST_HISTORY = {
  filters: { ...HEAVIEST_BACKTEST.filters, marketCap_usd: { min: 0 }, price_vs_sma_200: { min: -1 } },
  formulas: [{ name: "roic_pct", expression: "pct(returnOnInvestedCapital, sector) + 0 * pct(peRatio)", min: 0 }],
  from: "2015-01-02",
  to: "2015-04-06",
};

/** A basic screen as an analyst runs it: the bystander of the starvation scenarios. */
export const BASIC_SCREEN = { filters: { marketCap_usd: { min: 1e9 }, sector: { values: ["Industrials"] } }, page: { limit: 50 } };

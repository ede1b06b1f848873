/**
 * Share classes as one company (docs/METRICS.md "Share classes"), re-derived from the bundled raw
 * files with their own parsing: the primary listing, the issuer's share count and its market cap.
 */
import { describe, expect, it } from "vitest";
import { AdvancedScreenRequestV2 } from "./request-schema";
import type { RowsResponse } from "./response-schema";
import { runScreen } from "./service";
import { D, cell, days, expectClose, fiscalYears, primaryClass, secFacts } from "@/test/support/ingest/raw-files";

const closeOn = (ticker: string, date: string) => days(ticker).filter((d) => d.date <= date).at(-1)!.close;
const splitsAfter = (ticker: string, from: string) => days(ticker).reduce((product, d) => (d.date > from && d.date <= D ? product * d.split : product), 1);

/**
 * Alphabet's shares, all classes: its companyfacts give no cover-page count per class (the
 * companyfacts API leaves out dimensional facts), so the balance sheet's count at the FY2016 end,
 * from the latest annual report filed by D.
 */
function alphabetShares(): { shares: number; filed: string } {
  const facts = secFacts("0001652044");
  expect(facts.facts.dei?.EntityCommonStockSharesOutstanding).toBeUndefined();
  const counts = facts.facts["us-gaap"]!.CommonStockSharesOutstanding!.units.shares!.filter((f) => f.end === "2016-12-31" && f.form === "10-K" && f.filed <= D);
  const latest = counts.sort((a, b) => a.filed.localeCompare(b.filed)).at(-1)!;
  return { shares: latest.val, filed: latest.filed };
}

/** A Kaggle issuer's shares: the class whose rows public by D give the most share counts, its latest such year, restated by the primary's splits since its period end. */
function kaggleShares(tickers: readonly string[], primary: string): number {
  const withShares = (ticker: string) => fiscalYears(ticker).filter((fy) => cell(fy.row, "Estimated Shares Outstanding") !== null);
  const source = [...tickers].sort((a, b) => withShares(b).length - withShares(a).length)[0]!;
  const latest = withShares(source).at(-1)!;
  return cell(latest.row, "Estimated Shares Outstanding")! * splitsAfter(primary, latest.periodEnd);
}

const ISSUERS: { name: string; tickers: readonly string[]; shares: (primary: string) => number }[] = [
  { name: "Alphabet", tickers: ["GOOGL", "GOOG"], shares: (primary: string) => alphabetShares().shares * splitsAfter(primary, alphabetShares().filed) },
  // Under Armour is not compared: its Kaggle share count (2016 Class C dividend read as a split of
  // UAA's series) fails the check against its 10-K's (fundamentals_checks), so it has no market cap.
  { name: "News Corp", tickers: ["NWSA", "NWS"], shares: (primary: string) => kaggleShares(["NWSA", "NWS"], primary) },
];

const screen = (body: Record<string, unknown>) =>
  runScreen(AdvancedScreenRequestV2.parse({ fields: ["full_ticker", "price", "marketCap_usd", "peRatio"], page: { limit: 1000 }, ...body })) as RowsResponse;
const symbolOf = (row: Record<string, unknown>) => String(row.full_ticker).split(":")[1]!;

describe.each(ISSUERS)("$name as one company", ({ tickers, shares }) => {
  const primary = primaryClass(tickers);
  const marketCap = () => shares(primary) * closeOn(primary, D);
  // A range around the issuer's market cap: the screen then holds it and few others.
  const around = () => ({ filters: { marketCap_usd: { min: marketCap() * 0.999, max: marketCap() * 1.001 } } });

  it("is one row, its primary listing, with the market cap of all its shares", () => {
    const rows = screen(around()).rows.filter((row) => tickers.includes(symbolOf(row)));
    expect(rows.map(symbolOf)).toEqual([primary]);
    expectClose(rows[0]!.marketCap_usd, marketCap(), `${primary} market cap`);
  });

  it('is every class with listings: "all", each at its own price with the company\'s market cap', () => {
    const rows = screen({ ...around(), listings: "all" }).rows.filter((row) => tickers.includes(symbolOf(row)));
    expect(rows.map(symbolOf).sort()).toEqual([...tickers].sort());
    for (const row of rows) {
      expectClose(row.marketCap_usd, marketCap(), `${symbolOf(row)} market cap`);
      expectClose(row.price, closeOn(symbolOf(row), D), `${symbolOf(row)} price`);
    }
  });
});

describe("largest first", () => {
  it("lists Alphabet once, at the sum over its classes' shares", () => {
    const rows = screen({ page: { limit: 10 } }).rows;
    const alphabet = rows.filter((row) => ["GOOGL", "GOOG"].includes(symbolOf(row)));
    const primary = primaryClass(["GOOGL", "GOOG"]);
    expect(alphabet.map(symbolOf)).toEqual([primary]);
    expectClose(alphabet[0]!.marketCap_usd, alphabetShares().shares * closeOn(primary, D), "Alphabet market cap");
  });

  it("lists both Alphabet classes with listings: \"all\", and v1's answer is the default's", () => {
    const all = screen({ page: { limit: 10 }, listings: "all" }).rows.filter((row) => ["GOOGL", "GOOG"].includes(symbolOf(row)));
    expect(all.map(symbolOf).sort()).toEqual(["GOOG", "GOOGL"]);
    expect(screen({ page: { limit: 10 }, listings: "primary" })).toEqual(screen({ page: { limit: 10 } }));
  });

  it("as of another date, too: one row by default, both classes at one market cap with every listing", () => {
    const asOf = "2019-06-28";
    const top = (listings: "primary" | "all") => screen({ as_of: asOf, page: { limit: 10 }, listings }).rows.filter((row) => ["GOOGL", "GOOG"].includes(symbolOf(row)));
    expect(top("primary")).toHaveLength(1);
    const [a, b] = top("all");
    expect(a!.marketCap_usd).toBe(b!.marketCap_usd);
    expect(a!.price).not.toBe(b!.price);
  });
});

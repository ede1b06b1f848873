/**
 * No look-ahead in the whole market's fiscal years (docs/METRICS.md "Values as of any date"), as a
 * property over the real bundled reports: for a random company and date D, changing, delaying or
 * adding any report filed after D never changes the fiscal years known on D; one filed on D does.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundledPaths } from "./bundled-paths";
import { readBrotliText } from "./compressed-files";
import { pystockFiscalYears } from "./pystock-fundamentals";
import { type PystockReport, parsePystockReports } from "./pystock-reports";

const paths = bundledPaths("data");
const reports = parsePystockReports(paths.pystockReports, readBrotliText(paths.pystockReports)).reports;
const bySymbol = new Map<string, PystockReport[]>();
for (const report of reports) for (const symbol of report.symbols) bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), report]);
/** Symbols with at least two 10-Ks: their years change over the archives' range. */
const symbols = [...bySymbol].filter(([, list]) => list.filter((r) => r.docType === "10-K").length >= 2).map(([symbol]) => symbol).sort();
const dates = [...new Set(reports.map((r) => r.filed))].sort();

const yearsOn = (list: readonly PystockReport[], symbol: string, date: string) => pystockFiscalYears(list).bySymbol.get(symbol)?.yearsAt(date) ?? [];

const Change = fc.record({ factor: fc.double({ min: -3, max: 3, noNaN: true }), delay: fc.nat({ max: 400 }), amend: fc.boolean() });
type Change = typeof Change extends fc.Arbitrary<infer T> ? T : never;

/** Reports filed after `date` scaled, filed later, and each repeated as an amendment filed later still. */
function changeAfter(list: readonly PystockReport[], date: string, change: Change): PystockReport[] {
  const later = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const scale = (v: number | null) => (v === null ? null : v * change.factor);
  return list.flatMap((r) => {
    if (r.filed <= date) return [r];
    const changed = { ...r, filed: later(r.filed, change.delay), revenues: scale(r.revenues), netIncome: scale(r.netIncome), epsBasic: scale(r.epsBasic), equity: scale(r.equity) };
    return change.amend ? [changed, { ...changed, amended: true, filed: later(changed.filed, 1), cash: scale(r.cash) }] : [changed];
  });
}

describe("no look-ahead in the whole market's fiscal years (fast-check, real reports)", () => {
  it("the data has what the property needs", () => {
    expect(symbols.length).toBeGreaterThan(2000);
  });

  it("changing any report filed after D leaves the fiscal years known on D unchanged", () => {
    fc.assert(
      fc.property(fc.constantFrom(...symbols), fc.constantFrom(...dates), Change, (symbol, date, change) => {
        const list = bySymbol.get(symbol)!;
        expect(yearsOn(changeAfter(list, date, change), symbol, date)).toEqual(yearsOn(list, symbol, date));
      }),
      { numRuns: 300 },
    );
  });

  it("the property can fail: a report filed on D changes the years known on D", () => {
    const symbol = symbols.find((s) => bySymbol.get(s)!.some((r) => r.docType === "10-K" && r.netIncome !== null))!;
    const tenK = bySymbol.get(symbol)!.find((r) => r.docType === "10-K" && r.netIncome !== null)!;
    const changed = bySymbol.get(symbol)!.map((r) => (r === tenK ? { ...r, netIncome: r.netIncome! * 2 + 1 } : r));
    expect(yearsOn(changed, symbol, tenK.filed)).not.toEqual(yearsOn(bySymbol.get(symbol)!, symbol, tenK.filed));
    expect(yearsOn(changed, symbol, dates[dates.indexOf(tenK.filed) - 1] ?? "2015-01-01")).toEqual(yearsOn(bySymbol.get(symbol)!, symbol, dates[dates.indexOf(tenK.filed) - 1] ?? "2015-01-01"));
  });
});

import Link from "next/link";
import { getCoverage } from "@/lib/coverage";
import { databaseNotice } from "@/components/ui/database-notice";

export const dynamic = "force-dynamic";

const formatCount = new Intl.NumberFormat("en-US");

export default function HomePage() {
  const notice = databaseNotice();
  if (notice) return notice;
  const coverage = getCoverage();
  const { counts } = coverage;
  // `companies` counts listings (one row each); `issuers`, the companies behind them (absent from databases built before it was counted).
  const companies = counts.issuers ?? counts.companies ?? 0;
  const stats = [
    ["Companies", companies],
    ["Listings", counts.companies],
    ["Countries", counts.countries],
    ["With business profile", counts.with_profile],
    ["With prices at the as-of date", counts.with_prices],
    ["With market cap", counts.with_market_cap],
    ["With fundamentals", counts.with_fundamentals],
    ["Filings", counts.filings],
    ["Companies with filings", counts.filing_companies],
  ] as const;
  return (
    <main className="mx-auto max-w-[1200px] px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Screen companies, then read what their filings say</h1>
      <p className="mt-2 max-w-3xl text-zinc-600 dark:text-zinc-400">
        A screener over {formatCount.format(companies)} companies ({formatCount.format(counts.companies ?? 0)} listings) in {counts.countries}{" "}
        countries, with prices for {formatCount.format(counts.with_prices ?? 0)} and fundamentals for {formatCount.format(counts.with_fundamentals ?? 0)}{" "}
        as of <strong data-testid="as-of">{coverage.asOf}</strong>, and a passage-level search over real SEC filings. Everything here is
        public data; see <Link className="underline" href="/docs/">the API</Link> to use it from code.
      </p>
      <div className="mt-4 flex gap-3">
        <Link href="/screener/" className="rounded bg-zinc-900 px-3 py-1.5 font-medium text-white dark:bg-white dark:text-zinc-900">
          Open the screener
        </Link>
        <Link href="/filings/" className="rounded border border-zinc-300 px-3 py-1.5 font-medium dark:border-zinc-700">
          Search filings
        </Link>
      </div>

      <section className="mt-8" aria-labelledby="coverage">
        <h2 id="coverage" className="text-base font-semibold">
          What the data covers
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-9">
          {stats.map(([label, value]) =>
            value === undefined ? null : (
              <div key={label} className="rounded border border-zinc-200 p-3 dark:border-zinc-800">
                <dt className="text-xs text-zinc-500">{label}</dt>
                <dd className="num mt-1 text-left text-lg font-semibold">{formatCount.format(value)}</dd>
              </div>
            ),
          )}
        </dl>
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <table className="w-full text-sm" aria-label="Companies by country">
            <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800">
              <tr>
                <th className="py-1 text-left font-medium">Country</th>
                <th className="py-1 text-right font-medium">Companies</th>
                <th className="py-1 text-right font-medium">With prices</th>
                <th className="py-1 text-right font-medium">With fundamentals</th>
              </tr>
            </thead>
            <tbody>
              {coverage.byCountry.map((row) => (
                <tr key={row.country} className="border-b border-zinc-100 dark:border-zinc-900">
                  <td className="py-1">{row.country}</td>
                  <td className="num py-1">{formatCount.format(row.companies)}</td>
                  <td className="num py-1">{formatCount.format(row.withPrices)}</td>
                  <td className="num py-1">{formatCount.format(row.withFundamentals)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="w-full text-sm" aria-label="Companies by exchange">
            <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800">
              <tr>
                <th className="py-1 text-left font-medium">Exchange</th>
                <th className="py-1 text-right font-medium">Companies</th>
              </tr>
            </thead>
            <tbody>
              {coverage.byExchange.map((row) => (
                <tr key={row.exchange} className="border-b border-zinc-100 dark:border-zinc-900">
                  <td className="py-1">
                    <span className="font-mono text-xs">{row.exchange}</span> <span className="text-zinc-500">{row.name}</span>
                  </td>
                  <td className="num py-1">{formatCount.format(row.companies)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-6 max-w-3xl text-xs text-zinc-500">
          Sources: FinanceDatabase (profiles, MIT), S&amp;P 500 constituent lists (ODC-PDDL), Kaggle NYSE fundamentals (FY2012–2016, CC0),
          SEC XBRL companyfacts (public domain), daily prices from the Pooksoft S&amp;P 500 set (originally from AlphaVantage), and SEC
          filings from FinanceBench and edgartools. Most of the global universe has a profile but no prices or fundamentals in this
          bundle. Database built {coverage.builtAt}.
        </p>
      </section>
    </main>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { CompanyFilings } from "@/components/company/company-filings";
import { FiscalHistory } from "@/components/company/fiscal-history";
import { MetricList } from "@/components/company/metric-list";
import { CompanyPriceChart } from "@/components/company/company-price-chart";
import { companiesWithSymbol, companyByFormerTicker, companyByTicker, dailyPrices, fiscalYears, formerSymbols, fundamentalsDifferences } from "@/lib/companies/company-repository";
import { CURRENT_SOURCES } from "@/lib/as-of";
import { databaseState, metaValue } from "@/lib/db/market-db";
import { filingDocuments } from "@/lib/filings/reader/filing-documents";
import { companyHref } from "@/lib/links";
import { decodeSegment } from "@/lib/url-params";
import { databaseNotice } from "@/components/ui/database-notice";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ ticker: string }> };


export async function generateMetadata({ params }: Params): Promise<Metadata> {
  if (databaseState() !== "ready") return {};
  const ticker = decodeSegment((await params).ticker);
  const company = companyByTicker(ticker);
  return { title: company ? `${company.companyName} (${company.full_ticker})` : ticker };
}

const COVERAGE = [
  ["has_profile", "Profile"],
  ["has_prices", "Prices"],
  ["has_fundamentals", "Fundamentals"],
  ["has_filings", "Filings"],
] as const;

/**
 * /company/NYSE%3AIBM/: a company's profile, snapshot metrics, fiscal-year history, prices and
 * filings. A symbol instead of a full_ticker (`/company/aapl/`, or a former symbol) leads to the
 * security that has it, or lists them when several do.
 */
export default async function CompanyPage({ params }: Params) {
  const notice = databaseNotice();
  if (notice) return notice;
  const ticker = decodeSegment((await params).ticker);
  const company = companyByTicker(ticker);
  if (!company) {
    const renamed = companyByFormerTicker(ticker);
    if (renamed) redirect(companyHref(renamed));
    const candidates = companiesWithSymbol(ticker);
    if (candidates.length === 1) redirect(companyHref(candidates[0]!.full_ticker));
    if (candidates.length === 0) notFound();
    return (
      <main className="mx-auto max-w-[900px] px-4 py-8">
        <h1 className="text-xl font-semibold">Several securities have the symbol {ticker.toUpperCase()}</h1>
        <ul className="mt-4 space-y-1">
          {candidates.map((c) => (
            <li key={c.full_ticker}>
              <Link className="font-mono text-sky-800 hover:underline dark:text-sky-300" href={companyHref(c.full_ticker)}>
                {c.full_ticker}
              </Link>{" "}
              {c.companyName} <span className="text-zinc-500">({c.exchange_name})</span>
            </li>
          ))}
        </ul>
      </main>
    );
  }

  const asOf = metaValue("as_of") ?? "";
  const years = fiscalYears(company.id);
  const prices = company.has_prices ? dailyPrices(company.id, asOf) : [];
  const filings = company.has_filings ? filingDocuments().companyFilings(company.id) : [];
  const former = formerSymbols(company.id);
  const place = [company.city, company.state, company.country].filter(Boolean).join(", ");
  return (
    <main className="mx-auto max-w-[1200px] px-4 py-6">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{company.companyName}</h1>
        <span className="font-mono text-sm text-zinc-600 dark:text-zinc-400" data-testid="company-ticker">
          {company.full_ticker}
        </span>
        {(company.current_name !== null || company.current_symbol !== null) && (
          <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="now-known-as">
            now {[company.current_name, company.current_symbol].filter(Boolean).join(", ")}
          </span>
        )}
        <span className="text-zinc-500">{company.exchange_name}</span>
        {company.in_sp500 ? <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">S&amp;P 500</span> : null}
        {company.listing_status === "delisted" ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">Delisted</span>
        ) : null}
      </header>
      <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-zinc-500">
        {place && <span>{place}</span>}
        {company.cik !== null && <span>SEC CIK {company.cik}</span>}
        {company.isin !== null && <span>ISIN {company.isin}</span>}
        {former.length > 0 && <span>Formerly {former.join(", ")}</span>}
        {company.website && (
          <a className="text-sky-800 hover:underline dark:text-sky-300" href={String(company.website)} rel="noreferrer noopener" target="_blank">
            {String(company.website).replace(/^https?:\/\/(www\.)?/, "")}
          </a>
        )}
        <span aria-label="Data coverage" className="flex gap-1">
          {COVERAGE.map(([column, label]) => (
            <span
              key={column}
              className={`rounded px-1 ${company[column] ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-300" : "bg-zinc-100 text-zinc-600 line-through dark:bg-zinc-900 dark:text-zinc-400"}`}
              title={company[column] ? `${label}: in this data set` : `${label}: not in this data set`}
            >
              {label}
            </span>
          ))}
        </span>
      </p>

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="profile">
          <h2 id="profile" className="text-sm font-semibold">
            Profile
          </h2>
          <p className="mt-1 text-xs text-zinc-500" data-testid="classification-basis">
            {company.classification_basis === "sp500-2016"
              ? "GICS as of 2016, from the 2016 S&P 500 list"
              : `GICS 2016 structure, mapped from today's labels (${company.current_classification_source ?? "none"})`}
          </p>
          <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-[13px]">
            {(
              [
                ["Sector", company.sector],
                ["Industry group", company.industry_group],
                ["Industry", company.industry],
                ["Sub-industry", company.sub_industry],
                [
                  "Today",
                  company.current_classification_source &&
                    `${[company.current_sector, company.current_industry].filter(Boolean).join(" · ")} (${company.current_classification_source})`,
                ],
                ["Country", company.country],
                ["Currency", company.currency],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-zinc-500">{label}</dt>
                <dd>{value ?? "—"}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 max-w-prose text-[13px] leading-relaxed text-zinc-700 dark:text-zinc-300" data-testid="company-description">
            {company.description ?? "No business description in this data set."}
          </p>
          {company.description && (
            <p className="mt-1 text-xs text-zinc-500" data-testid="description-vintage">
              Today&apos;s description ({CURRENT_SOURCES.financeDatabase}), not of {asOf}
            </p>
          )}
        </section>
        <section aria-labelledby="metrics">
          <h2 id="metrics" className="text-sm font-semibold">
            Market and valuation <span className="font-normal text-zinc-500">as of {asOf}</span>
          </h2>
          {company.has_prices || company.has_fundamentals ? (
            <MetricList company={company} categories={["Market", "Volatility", "Valuation"]} asOf={asOf} />
          ) : (
            <p className="mt-2 text-[13px] text-zinc-500">No prices or fundamentals for this company in the bundled data (it covers US listings of 2015-2017 and the S&amp;P 500 of 2011-2021).</p>
          )}
        </section>
      </div>

      {prices.length > 1 && (
        <section aria-labelledby="prices" className="mt-8">
          <h2 id="prices" className="text-sm font-semibold">
            Price history
          </h2>
          <CompanyPriceChart prices={prices} asOf={asOf} />
        </section>
      )}

      {years.length > 0 && (
        <FiscalHistory years={years} source={company.fundamentals_source} differences={fundamentalsDifferences(company.id)} />
      )}

      <CompanyFilings company={company} filings={filings} asOf={asOf} />
    </main>
  );
}

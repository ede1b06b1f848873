import Link from "next/link";
import { Button, TextInput } from "@/components/ui/controls";
import type { CompanyRecord } from "@/lib/companies/company-repository";
import type { CompanyFiling } from "@/lib/filings/reader/filing-documents";
import { FiledMarker } from "@/components/filings/filed-marker";
import { fiscalLabel, filedStatus, filingTypeLabel, yearRange } from "@/lib/filings/filing-labels";
import { readerHref } from "@/lib/links";

/**
 * A company's filings in the corpus, each opening in the reader and shown against the screener's
 * as-of date, what the corpus covers for the company, and a filing search limited to them.
 */
export function CompanyFilings({ company, filings, asOf }: { company: CompanyRecord; filings: CompanyFiling[]; asOf: string }) {
  return (
    <section aria-labelledby="filings" className="mt-8">
      <h2 id="filings" className="text-sm font-semibold">
        Filings
      </h2>
      {filings.length === 0 ? (
        <p className="mt-1 text-[13px] text-zinc-500">No filings of this company in the searchable corpus.</p>
      ) : (
        <>
          <CorpusCoverage name={company.companyName} filings={filings} asOf={asOf} />
          <form action="/filings/" method="get" role="search" aria-label={`Search ${company.companyName}'s filings`} className="mt-2 flex max-w-xl gap-2">
            <input type="hidden" name="ticker" value={company.full_ticker} />
            <TextInput name="q" required maxLength={300} placeholder={`Search ${company.companyName}'s filings, e.g. share repurchases`} className="flex-1" aria-label="Query" />
            <Button type="submit" variant="primary">
              Search
            </Button>
          </form>
          {/* Seven columns do not fit a phone: the table scrolls in its own box, the page does not. */}
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-[13px]" data-testid="company-filings">
              <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800">
                <tr>
                  <th className="py-1 pr-3 text-left font-medium">Filing</th>
                  <th className="py-1 pr-3 text-left font-medium">Type</th>
                  <th className="py-1 pr-3 text-left font-medium">Fiscal period</th>
                  <th className="py-1 pr-3 text-left font-medium">Period end</th>
                  <th className="py-1 pr-3 text-left font-medium">Filed (against the as-of date {asOf})</th>
                  <th className="py-1 pr-3 text-right font-medium">Pages</th>
                  <th className="py-1 text-right font-medium">Original</th>
                </tr>
              </thead>
              <tbody>
                {filings.map((f) => (
                  <tr key={f.id} className="border-b border-zinc-100 dark:border-zinc-900">
                    <td className="py-1 pr-3">
                      <Link className="font-mono text-[12px] text-sky-800 hover:underline dark:text-sky-300" href={readerHref(f.source_name)}>
                        {f.source_name}
                      </Link>
                    </td>
                    <td className="py-1 pr-3 whitespace-nowrap">{filingTypeLabel(f.filing_type)}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{fiscalLabel(f) || "—"}</td>
                    <td className="py-1 pr-3 whitespace-nowrap tabular-nums">{f.period_end ?? f.report_date ?? "—"}</td>
                    <td className="py-1 pr-3">
                      <FiledMarker filed={{ date: f.filed_date, earliest: f.filed_earliest, latest: f.filed_latest }} asOf={asOf} />
                    </td>
                    <td className="num py-1 pr-3">{f.has_pages ? f.pages : "—"}</td>
                    <td className="py-1 text-right">
                      {f.source_url ? (
                        <a className="text-sky-800 hover:underline dark:text-sky-300" href={f.source_url} target="_blank" rel="noreferrer noopener">
                          source ↗
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** What the corpus holds for the company: its fiscal years, forms and filing dates, not its whole history. */
function CorpusCoverage({ name, filings, asOf }: { name: string; filings: CompanyFiling[]; asOf: string }) {
  const years = filings.map((f) => f.fiscal_year).filter((y) => y !== null);
  const types = [...new Set(filings.map((f) => filingTypeLabel(f.filing_type)))];
  const earliest = filings.map((f) => f.filed_earliest).filter((d) => d !== null).sort()[0];
  const latest = filings.map((f) => f.filed_latest).filter((d) => d !== null).sort().at(-1);
  const after = filings.filter((f) => filedStatus({ date: f.filed_date, earliest: f.filed_earliest, latest: f.filed_latest }, asOf) === "after").length;
  const [first, last] = [Math.min(...years), Math.max(...years)];
  const span = years.length > 0 ? `fiscal ${first === last ? "year" : "years"} ${yearRange(first, last)}` : "no fiscal years";
  return (
    <p className="mt-1 max-w-prose text-[13px] text-zinc-600 dark:text-zinc-400" data-testid="filings-coverage">
      The corpus holds {filings.length} {filings.length === 1 ? "filing" : "filings"} of {name} ({types.join(", ")}; {span}
      {earliest && latest ? `, filed ${yearRange(earliest.slice(0, 4), latest.slice(0, 4))}` : ""}): a sample of its public filings, not its complete history.{" "}
      {after > 0 && `${after} of them ${after === 1 ? "was" : "were"} filed after the screener's as-of date ${asOf}.`}
    </p>
  );
}

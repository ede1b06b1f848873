import { CORPUS_LISTED, type CorpusSummary, yearSpan } from "@/lib/filings/corpus-summary";
import { filingTypeLabel, yearRange } from "@/lib/filings/filing-labels";

/**
 * What the filing search covers: how many filings of how many companies and years, and, opened,
 * each company with its forms and fiscal years, one click from a search of its filings.
 */
export function CorpusPanel({ corpus, onCompany }: { corpus: CorpusSummary; onCompany: (fullTicker: string) => void }) {
  const span = yearSpan(corpus.firstYear, corpus.lastYear);
  return (
    <details className="text-xs text-zinc-500" data-testid="corpus">
      <summary className="cursor-pointer hover:text-zinc-800 dark:hover:text-zinc-200">
        {corpus.filings.toLocaleString("en-US")} filings of {corpus.companies.toLocaleString("en-US")} companies{span ? `, ${span}` : ""}
        {corpus.lastFiled ? `, last filed ${corpus.lastFiled}` : ""}
      </summary>
      <div className="mt-2 max-h-80 overflow-auto rounded border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-xs" aria-label="Companies with filings">
          <thead className="sticky top-0 bg-zinc-50 text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th className="px-2 py-1 font-medium">Company</th>
              <th className="px-2 py-1 text-right font-medium">Filings</th>
              <th className="hidden px-2 py-1 font-medium sm:table-cell">Forms</th>
              <th className="px-2 py-1 font-medium">Fiscal years</th>
              <th className="px-2 py-1 font-medium">Last filed</th>
            </tr>
          </thead>
          <tbody>
            {corpus.listed.map((c) => (
              <tr key={c.full_ticker} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className="px-2 py-0.5">
                  <button type="button" onClick={() => onCompany(c.full_ticker)} title={`Search ${c.name}'s filings`} className="text-left text-sky-800 hover:underline dark:text-sky-300">
                    {c.name} <span className="font-mono text-zinc-500">{c.full_ticker}</span>
                  </button>
                </td>
                <td className="px-2 py-0.5 text-right tabular-nums">{c.filings}</td>
                <td className="hidden px-2 py-0.5 sm:table-cell">{c.types.split(",").map(filingTypeLabel).sort().join(", ")}</td>
                <td className="px-2 py-0.5 whitespace-nowrap tabular-nums">{c.first_year === null || c.last_year === null ? "not stated" : yearRange(c.first_year, c.last_year)}</td>
                <td className="px-2 py-0.5 whitespace-nowrap tabular-nums">
                  {c.last_filed ?? <span title="The filed dates of this company's filings are not in the data (only the SEC deadline window)">—</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {corpus.companies > CORPUS_LISTED && (
          <p className="border-t border-zinc-200 px-2 py-1 dark:border-zinc-800">
            The first {CORPUS_LISTED} of {corpus.companies.toLocaleString("en-US")} by name; the search&apos;s company filter finds any of them by ticker.
          </p>
        )}
      </div>
    </details>
  );
}

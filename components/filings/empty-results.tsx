import type { FilingSearchResponse } from "@/lib/filings/search-schema";

/**
 * No results: the search's own reason when its filters left no filing to search (a company
 * without filings lists the companies that have some, each one click from a search of its
 * filings); otherwise the filings were searched and the words are what to change.
 */
export function EmptyResults({
  notice,
  asOfBound,
  companies,
  onCompany,
}: {
  notice: FilingSearchResponse["notice"];
  /** The as-of date a filed bound limits the search to, if any. */
  asOfBound: string | null;
  companies: { name: string; full_ticker: string }[];
  onCompany: (fullTicker: string) => void;
}) {
  if (!notice) {
    return (
      <p className="mt-6 text-[13px] text-zinc-600 dark:text-zinc-400" data-testid="no-hits">
        No passage matches{asOfBound ? ` among the filings public by ${asOfBound}` : ""}. Try other words, a hybrid or vector search (they find passages without the
        exact words), or fewer filters.
      </p>
    );
  }
  return (
    <div className="mt-6 text-[13px] text-zinc-600 dark:text-zinc-400" data-testid="no-hits" data-reason={notice.reason}>
      <p>{notice.message}</p>
      {notice.reason === "company_without_filings" && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sky-800 hover:underline dark:text-sky-300">The {companies.length} companies with filings</summary>
          <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Companies with filings">
            {companies.map((c) => (
              <li key={c.full_ticker}>
                <button
                  type="button"
                  onClick={() => onCompany(c.full_ticker)}
                  title={`Search ${c.name}'s filings`}
                  className="rounded border border-zinc-300 px-1.5 py-0.5 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
                >
                  {c.name} <span className="font-mono text-zinc-500">{c.full_ticker}</span>
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

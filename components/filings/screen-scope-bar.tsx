"use client";

import Link from "next/link";
import type { ScreenScope } from "@/lib/filings/screen-filings";
import { searchParamsFromScreen, EMPTY_SCREEN } from "@/lib/screener/screen-url";

/**
 * The screen a search is limited to: how many of its companies have filings, and, once searched,
 * which of them have passages among the results. A company narrows the search to it.
 */
export function ScreenScopeBar({
  screen,
  scope,
  searched,
  ticker,
  onTicker,
  onClear,
}: {
  screen: Record<string, unknown>;
  scope: ScreenScope;
  searched: boolean;
  ticker: string | null;
  onTicker: (ticker: string | null) => void;
  /** Search every filing instead. */
  onClear: () => void;
}) {
  const screenerHref = `/screener/?${searchParamsFromScreen({ ...EMPTY_SCREEN, filters: screen })}`;
  const names = Object.keys(screen);
  return (
    <div className="mb-3 rounded border border-violet-200 bg-violet-50/60 px-3 py-2 text-xs dark:border-violet-900 dark:bg-violet-950/30" data-testid="screen-scope">
      <p>
        Within a screen ({names.length > 0 ? names.join(", ") : "no filters"}):{" "}
        <strong>{scope.companies.toLocaleString("en-US")}</strong> {scope.companies === 1 ? "company" : "companies"},{" "}
        <strong data-testid="scope-with-filings">{scope.with_filings.length}</strong> with filings in the corpus.{" "}
        <Link href={screenerHref} className="text-sky-800 underline dark:text-sky-300">
          Back to the screen
        </Link>{" "}
        ·{" "}
        <button type="button" onClick={onClear} className="text-sky-800 underline dark:text-sky-300">
          Search all filings instead
        </button>
      </p>
      <WithoutFilings without={scope.without_filings} />
      {scope.with_filings.length > 0 && (
        <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="The screen's companies with filings">
          {scope.with_filings.map((c) => {
            const active = ticker === c.full_ticker;
            return (
              <li key={c.full_ticker}>
                <button
                  type="button"
                  aria-pressed={active}
                  data-hits={c.hits}
                  title={active ? "Search all of the screen's companies again" : `Search only ${c.name}'s filings`}
                  onClick={() => onTicker(active ? null : c.full_ticker)}
                  className={`rounded border px-1.5 py-0.5 ${active ? "border-violet-700 bg-violet-700 text-white" : searched && c.hits === 0 ? "border-zinc-200 text-zinc-500 dark:text-zinc-400 dark:border-zinc-800" : "border-violet-300 bg-white dark:border-violet-800 dark:bg-zinc-900"}`}
                >
                  {c.name}
                  {searched && <span className="ml-1 tabular-nums">{c.hits}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {searched && <p className="mt-1 text-zinc-500">Numbers are passages among these results; grey companies have none of them.</p>}
    </div>
  );
}

/** What the corpus lacks of the screen, and, folded, the command an operator runs to bring it in (docs/operations.md "Filings from EDGAR"). */
function WithoutFilings({ without }: { without: ScreenScope["without_filings"] }) {
  if (without.count === 0) return null;
  const { count, syncable, tickers } = without;
  return (
    <div className="mt-1 text-zinc-600 dark:text-zinc-400" data-testid="scope-without-filings">
      {syncable === 0 ? (
        <p>
          <strong>{count.toLocaleString("en-US")}</strong> without filings (none of them files with the SEC).
        </p>
      ) : (
        <details>
          <summary className="cursor-pointer">
            <strong>{count.toLocaleString("en-US")}</strong> without filings: an operator can bring in the {syncable.toLocaleString("en-US")} SEC{" "}
            {syncable === 1 ? "filer" : "filers"} among them
          </summary>
          <p className="mt-1">
            <code className="break-all rounded bg-white px-1 select-all dark:bg-zinc-900" data-testid="sync-command">
              npm run sync -- filings --tickers {tickers.join(",")}
            </code>
            {syncable > tickers.length ? ` (the first ${tickers.length}; without --tickers it brings in the whole market)` : ""}
          </p>
        </details>
      )}
    </div>
  );
}

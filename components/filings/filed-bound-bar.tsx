import type { FiledBound } from "@/lib/filings/search-url";

/**
 * Which filings the search covers by date: those public by the screener's as-of date (a screen's
 * default: its values are as of then), or every date; one click switches.
 */
export function FiledBoundBar({ filed, asOf, onChange }: { filed: FiledBound; asOf: string; onChange: (filed: FiledBound) => void }) {
  const bounded = filed === "as-of";
  return (
    <p className="mb-3 flex flex-wrap items-baseline gap-x-2 rounded border border-zinc-200 px-3 py-1.5 text-xs dark:border-zinc-800" data-testid="filed-bound" data-filed={filed}>
      {bounded ? (
        <span>
          Only filings public on or before <strong>{asOf}</strong>, the screen&apos;s as-of date (filed by then, or due by then where the filed date is not in the data).
        </span>
      ) : (
        <span>Filings of every date, including those filed after the screen&apos;s as-of date {asOf}.</span>
      )}
      <button type="button" onClick={() => onChange(bounded ? "all" : "as-of")} className="text-sky-800 underline dark:text-sky-300">
        {bounded ? "Include all dates" : `Only filings public by ${asOf}`}
      </button>
    </p>
  );
}

import { type FiledWindowLike, filedLabel, filedStatus, filedStatusLabel } from "@/lib/filings/filing-labels";

const TONES = {
  public: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-300",
  after: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  straddles: "bg-amber-50 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300",
  unknown: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400",
} as const;

/** When a filing was filed, and where that falls against the screener's as-of date (the snapshot). */
export function FiledMarker({ filed, asOf }: { filed: FiledWindowLike; asOf: string }) {
  const status = filedStatus(filed, asOf);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5 text-xs" data-testid="filed" data-filed-status={status}>
      <span className="text-zinc-500">{filedLabel(filed)}</span>
      <span className={`rounded px-1 ${TONES[status]}`} title={`The screener's values are as of ${asOf}`} data-testid="filed-marker">
        {filedStatusLabel(status, asOf)}
      </span>
    </span>
  );
}

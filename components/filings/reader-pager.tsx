import Link from "next/link";

const LINK = "rounded border border-zinc-300 px-2 py-0.5 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** Where the reader's window of pages is in the filing, with the windows before and after it and a page to go to. */
export function ReaderPager({
  from,
  to,
  total,
  unit,
  href,
  action,
  queries,
  place,
}: {
  from: number;
  to: number;
  total: number;
  unit: string;
  href: (page: number) => string;
  /** Where "go to" submits: the reader without a page or anchor (the current link's anchor would carry over). */
  action: string;
  /** The marked queries, kept by "go to". */
  queries: readonly string[];
  /** Where the pager sits ("above", "below"): the reader has two, and landmarks need distinct names. */
  place: string;
}) {
  const size = to - from + 1;
  return (
    <nav aria-label={`${unit}s, ${place} the text`} className="flex flex-wrap items-center gap-2 py-2 text-xs">
      {from > 1 ? (
        <Link className={LINK} href={href(Math.max(1, from - size + Math.floor(size / 2)))} rel="prev">
          ← Earlier {unit.toLowerCase()}s
        </Link>
      ) : (
        <span className={`${LINK} border-dashed text-zinc-500 dark:text-zinc-400`}>← Earlier {unit.toLowerCase()}s</span>
      )}
      <span className="tabular-nums text-zinc-600 dark:text-zinc-400" data-testid="reader-window">
        {unit}s {from}–{to} of {total}
      </span>
      {to < total ? (
        <Link className={LINK} href={href(Math.min(total, to + 1 + Math.floor(size / 2)))} rel="next">
          Later {unit.toLowerCase()}s →
        </Link>
      ) : (
        <span className={`${LINK} border-dashed text-zinc-500 dark:text-zinc-400`}>Later {unit.toLowerCase()}s →</span>
      )}
      <form method="get" action={action} className="ml-auto flex items-center gap-1">
        {queries.map((q, i) => (
          <input key={i} type="hidden" name="q" value={q} />
        ))}
        <label className="text-zinc-500">
          Go to {unit.toLowerCase()}{" "}
          <input name="page" type="number" min={1} max={total} required className="h-6 w-16 rounded border border-zinc-300 bg-white px-1 text-xs dark:border-zinc-700 dark:bg-zinc-900" />
        </label>
      </form>
    </nav>
  );
}

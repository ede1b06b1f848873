"use client";

import { Button, Select } from "@/components/ui/controls";
import { formatCount } from "@/lib/screener/value-format";

const PAGE_SIZES = [25, 50, 100, 250, 500, 1000];

/** The total, which rows are shown, the page size (up to the API's max_limit) and page buttons. */
export function ResultsPager({
  total,
  page,
  maxLimit,
  onPage,
}: {
  total: number;
  page: { limit: number; offset: number };
  maxLimit: number;
  onPage: (page: { limit: number; offset: number }) => void;
}) {
  const { limit, offset } = page;
  const pages = Math.max(1, Math.ceil(total / limit));
  const current = Math.floor(offset / limit) + 1;
  const go = (n: number) => onPage({ limit, offset: (Math.max(1, Math.min(pages, n)) - 1) * limit });
  const sizes = PAGE_SIZES.filter((s) => s <= maxLimit);
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400" role="navigation" aria-label="Result pages">
      <span className="tabular-nums" data-testid="row-range">
        {total === 0 ? "0" : `${formatCount(Math.min(offset + 1, total))}–${formatCount(Math.min(offset + limit, total))}`} of {formatCount(total)}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Button variant="ghost" className="px-1.5" onClick={() => go(1)} disabled={current <= 1} aria-label="First page">
          «
        </Button>
        <Button variant="ghost" className="px-1.5" onClick={() => go(current - 1)} disabled={current <= 1} aria-label="Previous page">
          ‹
        </Button>
        <span className="tabular-nums">
          Page {formatCount(current)} / {formatCount(pages)}
        </span>
        <Button variant="ghost" className="px-1.5" onClick={() => go(current + 1)} disabled={current >= pages} aria-label="Next page">
          ›
        </Button>
        <Button variant="ghost" className="px-1.5" onClick={() => go(pages)} disabled={current >= pages} aria-label="Last page">
          »
        </Button>
      </span>
      <label className="ml-1 inline-flex items-center gap-1">
        Rows
        <Select
          value={sizes.includes(limit) ? limit : ""}
          onChange={(event) => onPage({ limit: Number(event.target.value), offset: 0 })}
          aria-label="Rows per page"
          className="h-6 text-xs"
        >
          {!sizes.includes(limit) && <option value="">{limit}</option>}
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </label>
    </div>
  );
}

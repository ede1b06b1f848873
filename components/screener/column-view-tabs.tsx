"use client";

import { type ColumnView, COLUMN_VIEWS, CUSTOM_VIEW_LABEL } from "@/lib/screener/column-views";

/** The column views as a row of toggle buttons (one pressed); on a narrow screen the row scrolls. */
export function ColumnViewTabs({ view, onChange }: { view: ColumnView; onChange: (view: ColumnView) => void }) {
  const views: { id: ColumnView; label: string }[] = [...COLUMN_VIEWS, { id: "custom", label: CUSTOM_VIEW_LABEL }];
  return (
    <div role="group" aria-label="Column views" className="flex min-w-0 gap-0.5 overflow-x-auto" data-testid="column-views">
      {views.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          aria-pressed={view === id}
          onClick={() => onChange(id)}
          className="h-7 shrink-0 rounded px-2 text-[13px] whitespace-nowrap text-zinc-700 outline-none hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-sky-600/40 aria-pressed:bg-zinc-900 aria-pressed:font-medium aria-pressed:text-white dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-zinc-100 dark:aria-pressed:text-zinc-900"
        >
          {label}
        </button>
      ))}
    </div>
  );
}

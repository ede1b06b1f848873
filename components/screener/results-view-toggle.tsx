"use client";

const TAB =
  "h-7 shrink-0 rounded px-2 text-[13px] whitespace-nowrap text-zinc-700 outline-none hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-sky-600/40 aria-pressed:bg-sky-800 aria-pressed:font-medium aria-pressed:text-white dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-sky-300 dark:aria-pressed:text-zinc-900";

export type ResultsView = "table" | "backtest" | "history";
const LABELS: Record<ResultsView, string> = { table: "Table", backtest: "Backtest", history: "History" };

/** The results table, the Backtest view or the History view: toggle buttons, one pressed. */
export function ResultsViewToggle({ view, onChange }: { view: ResultsView; onChange: (view: ResultsView) => void }) {
  return (
    <div role="group" aria-label="Results view" className="flex gap-0.5 rounded border border-zinc-200 p-0.5 dark:border-zinc-800">
      {(Object.keys(LABELS) as ResultsView[]).map((v) => (
        <button key={v} type="button" className={TAB} aria-pressed={view === v} onClick={() => onChange(v)}>
          {LABELS[v]}
        </button>
      ))}
    </div>
  );
}

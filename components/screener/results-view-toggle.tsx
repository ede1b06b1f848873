"use client";

const TAB =
  "h-7 shrink-0 rounded px-2 text-[13px] whitespace-nowrap text-zinc-700 outline-none hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-sky-600/40 aria-pressed:bg-sky-800 aria-pressed:font-medium aria-pressed:text-white dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-sky-300 dark:aria-pressed:text-zinc-900";

/** Results table or Backtest view: two toggle buttons, one pressed. */
export function ResultsViewToggle({ backtest, onChange }: { backtest: boolean; onChange: (backtest: boolean) => void }) {
  return (
    <div role="group" aria-label="Results view" className="flex gap-0.5 rounded border border-zinc-200 p-0.5 dark:border-zinc-800">
      <button type="button" className={TAB} aria-pressed={!backtest} onClick={() => onChange(false)}>
        Table
      </button>
      <button type="button" className={TAB} aria-pressed={backtest} onClick={() => onChange(true)}>
        Backtest
      </button>
    </div>
  );
}

"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { ResultChartsProps } from "./result-charts";

// Loaded when first opened: the page's first load carries none of the charts' code.
const ResultCharts = dynamic(() => import("./result-charts").then((m) => m.ResultCharts), {
  ssr: false,
  loading: () => <p className="px-3 py-2 text-xs text-zinc-600 dark:text-zinc-400">Loading charts…</p>,
});

/** A disclosure above the results: the distribution of a column over every match, and the matches' sectors. */
export function ResultChartsPanel(props: ResultChartsProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="border-t border-zinc-200 dark:border-zinc-800">
      <button
        type="button"
        className="flex w-full items-center gap-1.5 px-3 py-1 text-left text-xs font-medium text-zinc-700 outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-sky-600/60 dark:text-zinc-300 dark:hover:bg-zinc-900"
        aria-expanded={open}
        aria-controls="result-charts"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden>{open ? "▾" : "▸"}</span> Charts of the results: a column&apos;s distribution and the sector mix
      </button>
      {open && (
        <div id="result-charts" className="max-h-[45dvh] overflow-y-auto border-t border-zinc-200 dark:border-zinc-800">
          <ResultCharts {...props} />
        </div>
      )}
    </div>
  );
}

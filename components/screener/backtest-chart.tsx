"use client";

import { type KeyboardEvent, useCallback, useRef, useState } from "react";
import { type UplotSpec, useUplot } from "@/components/charts/use-uplot";

const percent = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" });
const axisPercent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0, signDisplay: "exceptZero" });
const seconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const HEIGHT = 240;

/**
 * The cumulative return of the screen against the benchmark at each rebalance date (uPlot, loaded
 * when the chart first shows). The read-out follows the pointer, and the arrow keys when the chart
 * has focus (Home and End jump to the first and last date).
 */
export function BacktestChart({ dates, screen, benchmark }: { dates: string[]; screen: number[]; benchmark: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState<number | null>(null);
  const [announce, setAnnounce] = useState(false);

  const build = useCallback(
    (): UplotSpec => ({
      options: {
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [{ stroke: "#71717a" }, { stroke: "#71717a", size: 60, values: (_u, ticks) => ticks.map((t) => axisPercent.format(t)) }],
        series: [{}, { label: "Screen", stroke: "#0369a1", width: 2, points: { show: true } }, { label: "Benchmark", stroke: "#a1a1aa", width: 2, dash: [6, 4], points: { show: true } }],
        cursor: { drag: { x: false, y: false } },
        hooks: { setCursor: [(u) => u.cursor.idx != null && setIndex(u.cursor.idx)] },
      },
      data: [dates.map(seconds), screen, benchmark],
    }),
    [dates, screen, benchmark],
  );
  const plot = useUplot(box, HEIGHT, build);

  const shown = index ?? dates.length - 1;
  const moveTo = (next: number) => {
    const u = plot.current;
    setIndex(next);
    if (u) u.setCursor({ left: u.valToPos(seconds(dates[next]!), "x"), top: u.valToPos(screen[next]!, "y") });
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: dates.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    setAnnounce(true);
    moveTo(Math.min(dates.length - 1, Math.max(0, moves[event.key]!)));
  };

  return (
    <figure className="m-0 min-w-0">
      <figcaption className="flex flex-wrap items-baseline gap-x-3 text-xs text-zinc-500">
        <span>Cumulative return</span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-sky-700" aria-hidden /> Screen
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0 w-4 border-t-2 border-dashed border-zinc-400" aria-hidden /> Benchmark (every priced company)
        </span>
        <span className="ml-auto font-mono tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="backtest-readout" aria-live={announce ? "polite" : "off"}>
          {dates[shown]} · screen {percent.format(screen[shown]!)} · benchmark {percent.format(benchmark[shown]!)}
        </span>
      </figcaption>
      <div
        ref={box}
        role="img"
        tabIndex={0}
        aria-label={`Cumulative return from ${dates[0]} to ${dates.at(-1)}: screen ${percent.format(screen.at(-1)!)}, benchmark ${percent.format(benchmark.at(-1)!)}. Arrow keys read each rebalance date.`}
        onKeyDown={onKey}
        onFocus={() => moveTo(shown)}
        onPointerLeave={() => setAnnounce(false)}
        className="mt-1 min-h-[240px] w-full rounded outline-none focus-visible:ring-2 focus-visible:ring-sky-600/40"
        data-testid="backtest-chart"
      />
    </figure>
  );
}

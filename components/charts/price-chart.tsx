"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type uPlot from "uplot";
import { PRICE_RANGES, type PriceRange, rangeStart } from "@/lib/charts/price-ranges";
import { rebaseTo } from "@/lib/companies/price-history";
import { useChartCursor } from "./use-chart-cursor";
import { type UplotSpec, useUplot } from "./use-uplot";

const HEIGHT = 260;
const price = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const axisPrice = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const shares = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const LINE = "#0369a1";
const BENCHMARK = "#d97706";

export interface PriceChartProps {
  dates: string[];
  closes: number[];
  volumes: number[];
  /** What the volumes are, for the legend. */
  volumeLabel: string;
  /** The benchmark index on the same dates (null where it has no value), any scale: the chart rebases it. */
  benchmark: (number | null)[];
  /** What the benchmark is, for the legend. */
  benchmarkLabel: string;
  label: string;
}

const toggleClass =
  "h-7 rounded border px-2 text-[12px] font-medium border-zinc-300 hover:bg-zinc-50 aria-pressed:border-sky-700 aria-pressed:bg-sky-50 aria-pressed:text-sky-900 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:aria-pressed:border-sky-400 dark:aria-pressed:bg-sky-950 dark:aria-pressed:text-sky-100";

/**
 * Daily prices with a range (1M…Max, ending on the as-of date), a log scale, volume and the
 * benchmark rebased to the stock's close on the range's first day. uPlot (canvas) is loaded once
 * the page is in the browser; pointer or arrow keys move a cursor whose values the read-out shows.
 */
export function PriceChart({ dates, closes, volumes, volumeLabel, benchmark, benchmarkLabel, label }: PriceChartProps) {
  const [range, setRange] = useState<PriceRange>("Max");
  const [log, setLog] = useState(false);
  const [showBenchmark, setShowBenchmark] = useState(true);
  const [showVolume, setShowVolume] = useState(true);
  const view = useMemo(() => {
    const from = rangeStart(dates, range);
    const close = closes.slice(from);
    const bench = benchmark.slice(from).map((v) => v ?? Number.NaN);
    return {
      dates: dates.slice(from),
      times: dates.slice(from).map((d) => Date.parse(`${d}T00:00:00Z`) / 1000),
      close,
      volume: volumes.slice(from),
      benchmark: rebaseTo(bench, 0, close[0] ?? Number.NaN),
    };
  }, [dates, closes, volumes, benchmark, range]);
  const count = view.dates.length;
  const cursor = useChartCursor(count, count - 1);
  const box = useRef<HTMLDivElement>(null);
  const { point } = cursor;

  const build = useCallback(
    (UPlot: typeof uPlot, element: HTMLDivElement): UplotSpec => {
      const ink = getComputedStyle(element).color;
      const grid = { stroke: "rgba(113,113,122,0.18)", width: 1 };
      // Below about two pixels a day uPlot draws no bars at all (5Y, Max): a filled step line then,
      // chosen at each draw (the plot's width changes with the window).
      const bars = UPlot.paths.bars?.({ size: [0.8, 8, 1] });
      const stepped = UPlot.paths.stepped?.({ align: 1 });
      const volumePaths: uPlot.Series.PathBuilder = (u, series, first, last) => {
        const dense = (last - first + 1) * 2 > u.bbox.width / devicePixelRatio;
        return (dense ? stepped : bars)?.(u, series, first, last) ?? null;
      };
      return {
        options: {
          legend: { show: false },
          cursor: { y: false, points: { size: 6 } },
          scales: { x: { time: true }, y: { distr: log ? 3 : 1 }, volume: { range: (_u, _min, max) => [0, max * 4] } },
          axes: [
            { stroke: ink, grid, ticks: grid },
            // On a log scale uPlot ticks every 1-9 × 10^n: only 1, 2 and 5 are labelled.
            { stroke: ink, grid, ticks: grid, size: 64, values: (_u, ticks) => ticks.map((t) => (t == null || (log && !/^[125]/.test(t.toExponential())) ? "" : axisPrice.format(t))) },
            { scale: "volume", show: false },
          ],
          series: [
            {},
            { label: "Close", stroke: LINE, width: 1.5, scale: "y", points: { show: false } },
            { label: "Benchmark", stroke: BENCHMARK, width: 1.25, dash: [4, 3], scale: "y", show: showBenchmark, points: { show: false } },
            { label: "Volume", scale: "volume", fill: "rgba(113,113,122,0.6)", stroke: "transparent", paths: volumePaths, show: showVolume, points: { show: false } },
          ],
          hooks: { setCursor: [(u) => point(u.cursor.idx ?? null)] },
        },
        data: [view.times, view.close, view.benchmark, view.volume],
      };
    },
    [view, log, showBenchmark, showVolume, point],
  );
  const plot = useUplot(box, HEIGHT, build);

  // The keyboard's cursor drawn on the chart (the pointer's is uPlot's own).
  const { shown, announce } = cursor;
  useEffect(() => {
    const chart = plot.current;
    if (!chart || !announce) return;
    chart.setCursor({ left: chart.valToPos(view.times[shown]!, "x"), top: chart.valToPos(view.close[shown]!, "y") }, false);
  }, [plot, shown, announce, view]);

  if (closes.length < 2) return null;
  const first = view.close[0]!;
  const change = (view.close[shown]! / first - 1) * 100;
  const benchShown = view.benchmark[shown];
  return (
    <figure className="m-0" data-testid="price-figure">
      <div className="mt-1 flex flex-wrap items-center gap-1.5" role="toolbar" aria-label="Price chart options">
        <span className="flex gap-1" role="group" aria-label="Range">
          {PRICE_RANGES.map((r) => (
            <button key={r.name} type="button" className={toggleClass} aria-pressed={range === r.name} onClick={() => setRange(r.name)}>
              {r.name}
            </button>
          ))}
        </span>
        <button type="button" className={toggleClass} aria-pressed={log} onClick={() => setLog(!log)}>
          Log scale
        </button>
        <button type="button" className={toggleClass} aria-pressed={showVolume} onClick={() => setShowVolume(!showVolume)}>
          Volume
        </button>
        <button type="button" className={toggleClass} aria-pressed={showBenchmark} onClick={() => setShowBenchmark(!showBenchmark)}>
          Benchmark
        </button>
      </div>
      <figcaption className="mt-1.5 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block h-0.5 w-4" style={{ background: LINE }} />
          {label}
        </span>
        {showBenchmark && (
          <span className="inline-flex items-center gap-1" data-testid="benchmark-legend">
            <span aria-hidden className="inline-block h-0 w-4 border-t-2 border-dashed" style={{ borderColor: BENCHMARK }} />
            {benchmarkLabel}
          </span>
        )}
        {showVolume && (
          <span className="inline-flex items-center gap-1">
            <span aria-hidden className="inline-block size-2.5 bg-zinc-400/60" />
            {volumeLabel}
          </span>
        )}
      </figcaption>
      <p className="mt-1 font-mono text-xs tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="price-readout" aria-live={announce ? "polite" : "off"}>
        {view.dates[shown]} · {price.format(view.close[shown]!)}{" "}
        <span className="text-zinc-600 dark:text-zinc-400">
          ({change >= 0 ? "+" : ""}
          {change.toFixed(1)}% in range)
          {showBenchmark && benchShown !== undefined && Number.isFinite(benchShown) ? ` · benchmark ${price.format(benchShown)}` : ""}
          {showVolume ? ` · volume ${shares.format(view.volume[shown]!)}` : ""}
        </span>
      </p>
      <div
        ref={box}
        className="mt-1 w-full text-zinc-600 outline-none focus-visible:ring-2 focus-visible:ring-sky-600/60 dark:text-zinc-400"
        style={{ minHeight: HEIGHT }}
        role="img"
        aria-label={`${label}, ${range}: ${price.format(first)} on ${view.dates[0]}, ${price.format(view.close.at(-1)!)} on ${view.dates.at(-1)}. Arrow keys move the cursor.`}
        tabIndex={0}
        onKeyDown={cursor.onKeyDown}
        // uPlot caches the plot's position; the page may have moved it since (fonts, the charts below).
        onPointerMove={() => plot.current?.syncRect(false)}
        data-testid="price-chart"
        data-points={count}
        data-range={range}
        data-scale={log ? "log" : "linear"}
      />
    </figure>
  );
}

"use client";

import { type PointerEvent, useRef } from "react";
import { linearScale, niceTicks } from "@/lib/charts/scale";
import { useChartCursor } from "./use-chart-cursor";
import { useWidth } from "./use-width";

const HEIGHT = 220;
const PAD = { top: 14, right: 12, bottom: 26, left: 44 };

export interface HistogramChartProps {
  /** bins + 1 ascending edges. */
  edges: number[];
  /** The background counts (the whole data set) and the foreground ones (the matches), per bin. */
  universe: number[];
  matches: number[];
  scale: "linear" | "log";
  openBelow: boolean;
  openAbove: boolean;
  /** Bounds to mark (a filter's min and max). */
  bounds: { min?: number; max?: number };
  format: (value: number) => string;
  label: string;
}

/**
 * Matches over the whole data set's distribution, bin by bin, with the filter's bounds as dashed
 * lines. Pointer or arrow keys pick a bin, whose edges and counts the read-out shows.
 */
export function HistogramChart({ edges, universe, matches, scale, openBelow, openAbove, bounds, format, label }: HistogramChartProps) {
  const bins = universe.length;
  const busiest = matches.reduce((best, n, i) => (n > matches[best]! ? i : best), 0);
  const cursor = useChartCursor(bins, busiest);
  const frame = useRef<HTMLElement>(null);
  // Drawn in CSS pixels of its width, so the labels keep their size on a phone.
  const width = useWidth(frame, 800);
  if (bins === 0) return <p className="text-xs text-zinc-600 dark:text-zinc-400">No company has a value in this field.</p>;
  const ticks = niceTicks(0, Math.max(1, ...universe), 4);
  const y = linearScale(0, ticks.at(-1)!, HEIGHT - PAD.bottom, PAD.top);
  const band = (width - PAD.left - PAD.right) / bins;
  const t = (v: number) => (scale === "log" ? Math.log10(v) : v);
  // A bound's place on the axis (bins are even in the scale's units), pinned to an end when beyond the bins.
  const boundX = (v: number) => {
    const at = scale === "log" && v <= 0 ? 0 : (t(v) - t(edges[0]!)) / (t(edges.at(-1)!) - t(edges[0]!) || 1);
    return PAD.left + Math.min(1, Math.max(0, at)) * (width - PAD.left - PAD.right);
  };
  const binLabel = (i: number) => {
    if (i === 0 && openBelow) return `below ${format(edges[1]!)}`;
    if (i === bins - 1 && openAbove) return `${format(edges[i]!)} and above`;
    return `${format(edges[i]!)} to ${format(edges[i + 1]!)}`;
  };
  const { shown } = cursor;
  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    cursor.point(Math.floor((((event.clientX - box.left) / box.width) * width - PAD.left) / band));
  };
  const markers = (["min", "max"] as const).flatMap((side) => {
    const v = bounds[side];
    return v === undefined ? [] : [{ side, v, x: boundX(v) }];
  });
  const axisLabels = [0, Math.floor(bins / 2), bins];
  return (
    <figure className="m-0" ref={frame}>
      <p className="font-mono text-xs tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="histogram-readout" aria-live={cursor.announce ? "polite" : "off"}>
        {binLabel(shown)}: {matches[shown]} matching of {universe[shown]} in the data set
      </p>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="mt-1 h-auto w-full touch-none outline-none focus-visible:ring-2 focus-visible:ring-sky-600/60"
        role="img"
        aria-label={`${label}. Arrow keys move between bins.`}
        tabIndex={0}
        onPointerMove={onPointer}
        onPointerLeave={() => cursor.point(null)}
        onKeyDown={cursor.onKeyDown}
        data-testid="histogram-chart"
        data-bins={bins}
        data-scale={scale}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-zinc-200 dark:stroke-zinc-800" />
            <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-zinc-600 text-[11px] tabular-nums dark:fill-zinc-400">
              {tick}
            </text>
          </g>
        ))}
        <rect x={PAD.left + shown * band} y={PAD.top} width={band} height={HEIGHT - PAD.top - PAD.bottom} className="fill-zinc-400/15" />
        {universe.map((n, i) => (
          <rect key={`u${i}`} x={PAD.left + i * band + 1} y={y(n)} width={band - 2} height={y(0) - y(n)} className="fill-zinc-300 dark:fill-zinc-700" data-universe={n} />
        ))}
        {matches.map((n, i) => (
          <rect key={`m${i}`} x={PAD.left + i * band + 1} y={y(n)} width={band - 2} height={y(0) - y(n)} className="fill-sky-700 dark:fill-sky-400" data-matches={n} />
        ))}
        {markers.map(({ side, v, x }) => (
          <g key={side} data-testid={`bound-${side}`} data-value={v}>
            <line x1={x} x2={x} y1={PAD.top - 4} y2={HEIGHT - PAD.bottom} strokeDasharray="4 3" strokeWidth={1.5} className="stroke-amber-600 dark:stroke-amber-400" />
            <text x={x} y={PAD.top - 5} textAnchor={side === "min" ? "start" : "end"} className="fill-amber-800 text-[11px] dark:fill-amber-300">
              {side} {format(v)}
            </text>
          </g>
        ))}
        {axisLabels.map((i) => (
          <text key={i} x={PAD.left + i * band} y={HEIGHT - 8} textAnchor={i === 0 ? "start" : i === bins ? "end" : "middle"} className="fill-zinc-600 text-[11px] dark:fill-zinc-400">
            {i === 0 && openBelow ? "≤ " : i === bins && openAbove ? "≥ " : ""}
            {format(edges[i]!)}
          </text>
        ))}
      </svg>
    </figure>
  );
}

"use client";

import { type PointerEvent, useRef } from "react";
import { linearScale, niceTicks } from "@/lib/charts/scale";
import type { Unit } from "@/lib/screener/catalog";
import { formatValue } from "@/lib/screener/value-format";
import { useChartCursor } from "./use-chart-cursor";
import { useWidth } from "./use-width";

const HEIGHT = 200;
const PAD = { top: 10, right: 12, bottom: 22, left: 56 };
const COLOURS = ["fill-sky-700 dark:fill-sky-400", "fill-amber-600 dark:fill-amber-400", "fill-emerald-700 dark:fill-emerald-400"];
const SWATCHES = ["bg-sky-700 dark:bg-sky-400", "bg-amber-600 dark:bg-amber-400", "bg-emerald-700 dark:bg-emerald-400"];

export interface BarSeries {
  name: string;
  values: (number | null)[];
}

/**
 * Grouped bars per category (fiscal years), negatives below the zero line. Pointer or arrow keys
 * pick a category, whose values the read-out shows (the latest one at rest).
 */
export function BarChart({ categories, series, unit, label }: { categories: string[]; series: BarSeries[]; unit: Unit; label: string }) {
  const cursor = useChartCursor(categories.length, categories.length - 1);
  const frame = useRef<HTMLElement>(null);
  // Drawn in CSS pixels of its width, so the labels keep their size on a phone.
  const width = useWidth(frame, 800);
  const all = series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  if (all.length === 0) return null;
  const ticks = niceTicks(Math.min(0, ...all), Math.max(0, ...all), 5);
  const y = linearScale(ticks[0]!, ticks.at(-1)!, HEIGHT - PAD.bottom, PAD.top);
  const band = (width - PAD.left - PAD.right) / categories.length;
  const barWidth = Math.min(28, (band * 0.8) / series.length);
  const axisValue = (v: number) => formatValue(v, unit).replace(".00", "");
  const { shown } = cursor;
  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const svgX = ((event.clientX - box.left) / box.width) * width;
    cursor.point(Math.floor((svgX - PAD.left) / band));
  };
  return (
    <figure className="m-0" ref={frame}>
      <figcaption className="flex flex-wrap items-center gap-3 text-xs text-zinc-600 dark:text-zinc-400">
        <span>{label}</span>
        {series.map((s, i) => (
          <span key={s.name} className="inline-flex items-center gap-1">
            <span aria-hidden className={`inline-block size-2.5 rounded-sm ${SWATCHES[i % SWATCHES.length]}`} />
            {s.name}
          </span>
        ))}
      </figcaption>
      <p className="mt-1 font-mono text-xs tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="fundamentals-readout" aria-live={cursor.announce ? "polite" : "off"}>
        {categories[shown]}: {series.map((s) => `${s.name} ${formatValue(s.values[shown] ?? null, unit)}`).join(" · ")}
      </p>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="mt-1 h-auto w-full touch-none outline-none focus-visible:ring-2 focus-visible:ring-sky-600/60"
        role="img"
        aria-label={`${label}, ${categories[0]} to ${categories.at(-1)}. Arrow keys move between years.`}
        tabIndex={0}
        onPointerMove={onPointer}
        onPointerLeave={() => cursor.point(null)}
        onKeyDown={cursor.onKeyDown}
        data-testid="fundamentals-chart"
        data-cursor={categories[shown]}
      >
        <rect x={PAD.left + shown * band} y={PAD.top} width={band} height={HEIGHT - PAD.top - PAD.bottom} className="fill-zinc-400/15" />
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} className={t === 0 ? "stroke-zinc-400" : "stroke-zinc-200 dark:stroke-zinc-800"} />
            <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-zinc-600 text-[11px] tabular-nums dark:fill-zinc-400">
              {axisValue(t)}
            </text>
          </g>
        ))}
        {categories.map((category, c) => {
          const left = PAD.left + c * band + (band - barWidth * series.length) / 2;
          return (
            <g key={category}>
              {series.map((s, i) => {
                const v = s.values[c];
                if (v === null || v === undefined) return null;
                const top = y(Math.max(0, v));
                return (
                  <rect key={s.name} x={left + i * barWidth} y={top} width={barWidth - 2} height={Math.max(1, Math.abs(y(v) - y(0)))} className={COLOURS[i % COLOURS.length]}>
                    <title>{`${category} ${s.name}: ${formatValue(v, unit)}`}</title>
                  </rect>
                );
              })}
              <text x={PAD.left + c * band + band / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-zinc-600 text-[11px] dark:fill-zinc-400">
                {category}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

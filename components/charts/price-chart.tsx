"use client";

import { type KeyboardEvent, type PointerEvent, useState } from "react";
import { linearScale, niceTicks } from "@/lib/charts/scale";

const WIDTH = 800;
const HEIGHT = 220;
const PAD = { top: 10, right: 12, bottom: 22, left: 48 };
const price = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A daily price line (server-rendered SVG). Pointer or arrow keys move a cursor that reads out the
 * day's value; Home and End jump to the first and last day.
 */
export function PriceChart({ dates, values, label }: { dates: string[]; values: number[]; label: string }) {
  const [cursor, setCursor] = useState<number | null>(null);
  // The read-out is announced when the keyboard moves the cursor, not on every pointer move.
  const [announce, setAnnounce] = useState(false);
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const ticks = niceTicks(min, max, 5);
  const y = linearScale(ticks[0]!, ticks.at(-1)!, HEIGHT - PAD.bottom, PAD.top);
  const x = linearScale(0, values.length - 1, PAD.left, WIDTH - PAD.right);
  const path = values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join("");
  // A tick at the first trading day of each year.
  const years = dates.flatMap((d, i) => (i === 0 || d.slice(0, 4) !== dates[i - 1]!.slice(0, 4) ? [{ i, year: d.slice(0, 4) }] : []));
  const shown = cursor ?? values.length - 1;

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const svgX = ((event.clientX - box.left) / box.width) * WIDTH;
    setAnnounce(false);
    setCursor(Math.round(Math.min(values.length - 1, Math.max(0, ((svgX - PAD.left) / (WIDTH - PAD.left - PAD.right)) * (values.length - 1)))));
  };
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = event.shiftKey ? 20 : 1;
    const moves: Record<string, number> = { ArrowLeft: shown - step, ArrowRight: shown + step, Home: 0, End: values.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    setAnnounce(true);
    setCursor(Math.min(values.length - 1, Math.max(0, moves[event.key]!)));
  };

  return (
    <figure className="m-0">
      <figcaption className="flex items-baseline gap-2 text-xs text-zinc-500">
        <span>{label}</span>
        <span className="ml-auto font-mono tabular-nums text-zinc-800 dark:text-zinc-200" data-testid="price-readout" aria-live={announce ? "polite" : "off"}>
          {dates[shown]} · {price.format(values[shown]!)}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-1 h-auto w-full touch-none outline-none focus-visible:ring-2 focus-visible:ring-sky-600/40"
        role="img"
        aria-label={`${label}: ${price.format(values[0]!)} on ${dates[0]}, ${price.format(values.at(-1)!)} on ${dates.at(-1)}; low ${price.format(min)}, high ${price.format(max)}`}
        tabIndex={0}
        onPointerMove={onPointer}
        onPointerLeave={() => setCursor(null)}
        onKeyDown={onKey}
        data-testid="price-chart"
        data-points={values.length}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="stroke-zinc-200 dark:stroke-zinc-800" />
            <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-zinc-500 text-[11px] tabular-nums">
              {price.format(t)}
            </text>
          </g>
        ))}
        {years.map(({ i, year }) => (
          <text key={year} x={x(i)} y={HEIGHT - 6} textAnchor="middle" className="fill-zinc-500 text-[11px]">
            {year}
          </text>
        ))}
        <path d={path} fill="none" strokeWidth={1.25} className="stroke-sky-700 dark:stroke-sky-400" />
        <line x1={x(shown)} x2={x(shown)} y1={PAD.top} y2={HEIGHT - PAD.bottom} className="stroke-zinc-400" strokeDasharray="2 2" />
        <circle cx={x(shown)} cy={y(values[shown]!)} r={3} className="fill-sky-700 dark:fill-sky-400" />
      </svg>
    </figure>
  );
}

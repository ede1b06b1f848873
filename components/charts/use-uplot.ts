"use client";

import "uplot/dist/uPlot.min.css";
import { type RefObject, useEffect, useRef } from "react";
import type uPlot from "uplot";

/** What a chart draws: uPlot's options but the size (the hook owns it) and the data. */
export interface UplotSpec {
  options: Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
}

/**
 * A uPlot chart in `box`, `height` pixels tall and as wide as the box, following its width. uPlot
 * (canvas, no server rendering) is imported once the page is in the browser. `build` makes the
 * chart from the current props (it gets uPlot itself, for its path builders, and the box, for its
 * styles); a new `build` (memoise it on what it reads) replaces the chart with a new one.
 * Returns the live chart (null before it loads), for cursors and pointer handlers.
 */
export function useUplot(box: RefObject<HTMLDivElement | null>, height: number, build: (UPlot: typeof uPlot, element: HTMLDivElement) => UplotSpec) {
  const plot = useRef<uPlot | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The import may settle after this effect is cleaned up (props changed, unmounted).
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const { options, data } = build(UPlot, element);
      const chart = new UPlot({ ...options, width: element.clientWidth, height }, data, element);
      plot.current = chart;
      observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [box, height, build]);
  return plot;
}

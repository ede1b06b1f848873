"use client";

import { type RefObject, useEffect, useState } from "react";

/**
 * The element's width in CSS pixels, followed as it changes; `fallback` until it is measured (and
 * on the server). SVG charts draw in these units, so their text keeps its size on a phone.
 */
export function useWidth(ref: RefObject<Element | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

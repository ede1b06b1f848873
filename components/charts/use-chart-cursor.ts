"use client";

import { type KeyboardEvent, useCallback, useState } from "react";

/**
 * A cursor over a chart's points, for pointer and keyboard alike: arrow keys step (Shift: 20 at a
 * time), Home and End jump to the ends. The read-out is announced only when the keyboard moved
 * the cursor, not on every pointer move.
 */
export function useChartCursor(count: number, resting: number) {
  const [cursor, setCursor] = useState<number | null>(null);
  const [announce, setAnnounce] = useState(false);
  const shown = cursor === null || cursor >= count ? resting : cursor;
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  // Stable for a given count: a chart library's hook can hold it.
  const point = useCallback(
    (i: number | null) => {
      setAnnounce(false);
      setCursor(i === null ? null : Math.min(count - 1, Math.max(0, i)));
    },
    [count],
  );
  return {
    shown,
    /** Whether a pointer or key has placed the cursor (else the resting point shows). */
    active: cursor !== null,
    announce,
    point,
    onKeyDown: (event: KeyboardEvent) => {
      const step = event.shiftKey ? 20 : 1;
      const moves: Record<string, number> = { ArrowLeft: shown - step, ArrowDown: shown - step, ArrowRight: shown + step, ArrowUp: shown + step, Home: 0, End: count - 1 };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      setAnnounce(true);
      setCursor(clamp(next));
    },
  };
}

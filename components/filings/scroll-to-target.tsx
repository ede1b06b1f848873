"use client";

import { useEffect } from "react";

/**
 * Brings the reader's target into view once per page: the highlighted passage (#hit) to the middle
 * of the screen (to its top when it is tall), with focus, or the page asked for to the top ("Go to page" cannot put an anchor in
 * its link, and the window of pages around it starts earlier).
 */
export function ScrollToTarget({ target }: { target: "hit" | `page-${number}` }) {
  useEffect(() => {
    const element = document.getElementById(target);
    if (target === "hit") {
      // Centred, a passage taller than half the screen (a column of numbers) would start above it.
      const tall = (element?.getBoundingClientRect().height ?? 0) > window.innerHeight / 2;
      element?.scrollIntoView({ block: tall ? "start" : "center" });
      element?.focus({ preventScroll: true });
    } else element?.scrollIntoView({ block: "start" });
  }, [target]);
  return null;
}

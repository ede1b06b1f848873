"use client";

import { useEffect } from "react";

/** Brings the highlighted passage (#hit) to the middle of the screen and moves focus there, once per page. */
export function ScrollToHit() {
  useEffect(() => {
    const hit = document.getElementById("hit");
    hit?.scrollIntoView({ block: "center" });
    hit?.focus({ preventScroll: true });
  }, []);
  return null;
}

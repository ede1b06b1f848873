"use client";

import { useEffect, useRef } from "react";

/** Whether a key press goes to something the user types in (where a shortcut key is just text). */
function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])") !== null);
}

/**
 * Calls `onKey` when `key` is pressed anywhere on the page, without modifiers and not while typing
 * in a field (the element that advertises it should say so with `aria-keyshortcuts`).
 */
export function useKeyShortcut(key: string, onKey: () => void) {
  const handler = useRef(onKey);
  useEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== key || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTypingTarget(event.target)) return;
      event.preventDefault();
      handler.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [key]);
}

"use client";

import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "./controls";

/**
 * A panel laid over the right side of its (relatively positioned) container, not pushing what is
 * below down: non-modal, so the page stays usable beside it. It takes the focus when it opens,
 * Escape or Close shuts it, and the focus returns to where it was.
 */
export function SideSheet({ id, title, onClose, children }: { id: string; title: string; onClose: () => void; children: ReactNode }) {
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheet.current?.focus({ preventScroll: true });
    return () => opener?.focus();
  }, []);
  return (
    <div
      ref={sheet}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-label={title}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onClose();
      }}
      className="absolute inset-y-0 right-0 z-30 flex w-full flex-col border-l border-zinc-200 bg-white shadow-xl outline-none sm:w-[40rem] dark:border-zinc-800 dark:bg-zinc-950"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
        <h2 className="text-[13px] font-semibold">{title}</h2>
        <span className="ml-auto" />
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">{children}</div>
    </div>
  );
}

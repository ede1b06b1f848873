"use client";

import { createContext, type ReactNode, useEffect, useRef } from "react";
import { Button } from "@/components/ui/controls";

/** Tailwind's `lg` breakpoint: from here on the filters are a side panel, below it a drawer. */
const SIDE_PANEL_QUERY = "(min-width: 64rem)";

/**
 * Shows the filters if they are in a closed drawer (nothing beside the side panel): for a control
 * inside reached by a keyboard shortcut.
 */
export const RevealFilters = createContext<() => void>(() => {});

/**
 * The filter panel: a side panel from `lg` up; below it a modal drawer opened by a button. The
 * form inside is one instance in both layouts (its unapplied edits survive the drawer closing),
 * so the drawer is this element restyled rather than a second copy in a native <dialog>: a
 * native modal would also make the filter picker's popover (portalled to <body>) inert.
 */
export function FiltersDrawer({
  open,
  onOpen,
  onClose,
  status,
  children,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** What the filters leave (the result count), shown in the drawer above them. */
  status: ReactNode;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || !panel.current) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = inertOutside(panel.current);
    panel.current.querySelector<HTMLElement>("button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])")?.focus();
    // Widened into the side-panel layout while open: nothing left to close.
    const wide = window.matchMedia(SIDE_PANEL_QUERY);
    const onWide = () => wide.matches && onClose();
    wide.addEventListener("change", onWide);
    return () => {
      wide.removeEventListener("change", onWide);
      restore();
      opener?.focus();
    };
  }, [open, onClose]);

  const reveal = () => {
    if (!open && !window.matchMedia(SIDE_PANEL_QUERY).matches) onOpen();
  };

  return (
    <div
      className={open ? "max-lg:fixed max-lg:inset-0 max-lg:z-40 max-lg:flex max-lg:bg-zinc-950/40 lg:contents" : "max-lg:hidden lg:contents"}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={(event) => {
        // A popover inside handles its own Escape first (and marks it handled).
        if (event.key === "Escape" && open && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div
        ref={panel}
        role={open ? "dialog" : "complementary"}
        aria-modal={open || undefined}
        aria-label={open ? "Filters" : "Screen definition"}
        className="flex w-[min(400px,calc(100vw-2.5rem))] shrink-0 flex-col overflow-y-auto border-r border-zinc-200 bg-zinc-50 p-2 shadow-xl lg:w-[400px] lg:bg-zinc-50/60 lg:shadow-none dark:border-zinc-800 dark:bg-zinc-900 lg:dark:bg-zinc-900/30"
      >
        <div className="mb-2 flex items-center justify-between gap-2 lg:hidden">
          <p className="text-[13px]">{status}</p>
          <Button onClick={onClose}>Close filters</Button>
        </div>
        <RevealFilters.Provider value={reveal}>{children}</RevealFilters.Provider>
      </div>
    </div>
  );
}

/**
 * Makes everything outside `keep` inert (as a native modal dialog does), the site header
 * included; popovers opened later are appended to <body> and stay usable. Returns the undo.
 */
function inertOutside(keep: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let node: HTMLElement = keep; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert) {
        sibling.inert = true;
        made.push(sibling);
      }
    }
  }
  return () => made.forEach((el) => (el.inert = false));
}

"use client";

import * as RadixPopover from "@radix-ui/react-popover";
import type { ReactNode } from "react";

/** A popover (Radix: focus management, Escape, outside click, collision-aware placement). */
export function Popover({
  trigger,
  children,
  label,
  align = "start",
  open,
  onOpenChange,
  className = "w-80",
}: {
  trigger: ReactNode;
  children: ReactNode;
  label: string;
  align?: "start" | "end";
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          align={align}
          sideOffset={4}
          collisionPadding={8}
          className={`z-50 rounded-md border border-zinc-200 bg-white p-2 text-[13px] shadow-lg outline-none dark:border-zinc-700 dark:bg-zinc-900 ${className}`}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

"use client";

import { useState } from "react";

const STYLES = {
  outline:
    "rounded border border-zinc-300 px-1.5 py-0.5 text-xs text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800",
  ghost: "inline-flex h-6 items-center rounded px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
} as const;

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label = "Copy", variant = "outline" }: { text: string; label?: string; variant?: keyof typeof STYLES }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={STYLES[variant]}
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? "Copied" : label}
    </button>
  );
}

"use client";

import { useState } from "react";
import { Button } from "@/components/ui/controls";
import type { AsOfRange } from "@/lib/screener/as-of-range";

/**
 * The screen's as-of date: a date input within the data's range and a reset to the default date.
 * A complete date is applied at once; the API's error for it (a date outside the range) shows here.
 */
export function AsOfControl({ value, range, error, onChange }: { value: string | null; range: AsOfRange; error?: string; onChange: (asOf: string | null) => void }) {
  // The input's text follows the URL, and keeps what is being typed until it is a date.
  const [draft, setDraft] = useState({ value, text: value ?? range.default });
  if (draft.value !== value) setDraft({ value, text: value ?? range.default });
  return (
    <div className="flex flex-wrap items-center gap-1 text-xs" data-testid="as-of-control">
      <label htmlFor="screen-as-of" className="text-zinc-500">
        As of
      </label>
      <input
        id="screen-as-of"
        type="date"
        min={range.min}
        max={range.max}
        value={draft.text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "screen-as-of-error" : undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft({ value, text });
          if (text === "") onChange(null);
          else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) onChange(text === range.default ? null : text);
        }}
        className="h-7 rounded border border-zinc-300 bg-white px-1.5 text-[13px] tabular-nums outline-none focus-visible:border-sky-600 focus-visible:ring-2 focus-visible:ring-sky-600/30 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900"
      />
      {value !== null && (
        <Button variant="ghost" className="h-6 px-1.5 text-xs" onClick={() => onChange(null)}>
          Latest default ({range.default})
        </Button>
      )}
      {error && (
        <span id="screen-as-of-error" role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </div>
  );
}

"use client";

const DATE_INPUT =
  "h-7 rounded border border-zinc-300 bg-white px-1.5 text-[13px] tabular-nums outline-none focus-visible:border-sky-600 focus-visible:ring-2 focus-visible:ring-sky-600/30 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900";

/** A labelled date input of the Backtest and History views, within the as-of range, with the API's error for it below. */
export function DateField({
  id,
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min: string;
  max: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-xs text-zinc-500">
        {label}
      </label>
      <input
        id={id}
        type="date"
        min={min}
        max={max}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={DATE_INPUT}
      />
      {error && (
        <span id={`${id}-error`} role="alert" className="max-w-64 text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </div>
  );
}

/** A small bar that pulses while a request is in flight; it keeps its place when idle (no layout shift). */
export function BusyIndicator({ busy, label }: { busy: boolean; label: string }) {
  return (
    <span
      role="status"
      aria-label={busy ? label : undefined}
      className={`h-1.5 w-16 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800 ${busy ? "visible" : "invisible"}`}
    >
      <span className="block h-full w-1/2 animate-pulse bg-sky-600" />
    </span>
  );
}

import type { ReactNode } from "react";

/** Text with some character spans marked (search highlights). */
export function HighlightedText({ text, spans }: { text: string; spans: readonly { start: number; end: number }[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const [i, span] of [...spans].sort((a, b) => a.start - b.start).entries()) {
    if (span.start < last) continue;
    if (span.start > last) parts.push(text.slice(last, span.start));
    parts.push(
      <mark key={i} className="rounded-sm bg-amber-200/80 px-px text-inherit dark:bg-amber-500/40">
        {text.slice(span.start, span.end)}
      </mark>,
    );
    last = span.end;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

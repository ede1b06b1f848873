import { HIGHLIGHT_CLOSE, HIGHLIGHT_OPEN } from "./filing-search-repository";

export interface Span {
  start: number;
  end: number;
}

/** Offsets of the marked terms in the text without markers. */
export function highlightSpans(marked: string): Span[] {
  const spans: Span[] = [];
  let removed = 0;
  let open = -1;
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    if (ch === HIGHLIGHT_OPEN) {
      open = i - removed;
      removed++;
    } else if (ch === HIGHLIGHT_CLOSE) {
      if (open >= 0) spans.push({ start: open, end: i - removed });
      open = -1;
      removed++;
    }
  }
  return spans;
}

const SNIPPET_LENGTH = 280;
const MAX_WORD = 30;

/** A window of a passage's text; `start` is its offset in the text, its highlights are relative to it. */
export interface Snippet {
  text: string;
  start: number;
  highlights: Span[];
}

/** A window of the text holding as many highlights as fit, cut at word boundaries. */
export function snippetOf(text: string, spans: Span[]): Snippet {
  let start = 0;
  let best = 0;
  for (const span of spans) {
    const from = Math.max(0, span.start - 40);
    const count = spans.filter((s) => s.start >= from && s.end <= from + SNIPPET_LENGTH).length;
    if (count > best) {
      best = count;
      start = from;
    }
  }
  // Start at the beginning of the word the window starts in (a highlighted word too: "goodwill",
  // not "ll"), unless the word is implausibly long.
  const window = start;
  const wordStart = start - (/\S*$/.exec(text.slice(Math.max(0, start - MAX_WORD), start))?.[0].length ?? 0);
  if (start - wordStart < MAX_WORD) start = wordStart;
  // The end of the window chosen, so the highlights it was chosen for stay.
  let end = Math.min(text.length, window + SNIPPET_LENGTH);
  if (end < text.length && /\S/.test(text[end]!)) {
    const space = text.slice(0, end).search(/\s\S*$/);
    if (space > start + SNIPPET_LENGTH / 2) end = space;
  }
  const highlights = spans.filter((s) => s.start >= start && s.end <= end).map((s) => ({ start: s.start - start, end: s.end - start }));
  return { text: text.slice(start, end), start, highlights };
}

/**
 * Item sections of a filing ("Item 7. Management's Discussion ..."). A 10-K names every item first
 * in its table of contents, so a heading that stands among many other item headings (on a contents
 * page, or for plain text in a run of lines with nothing between them) is skipped, and each item starts at its
 * first heading outside the contents. Prose names items too, and a wrapped sentence can put one at
 * the start of a line ("... see Part II, / Item 8. of this Form 10-K for a schedule of our debt
 * maturities"): such cross-references are not headings.
 */
export interface Section {
  /** Character offset in the document text where the heading starts. */
  start: number;
  /** `PART II ITEM 1A`-style key (`FINANCIAL STATEMENTS` for those appended after the last item), unique in the document. */
  key: string;
  /** The heading as written ("Item 1A. Risk Factors"), whitespace collapsed. */
  title: string;
}

// A line starts after a line break or a form feed (a new PDF page).
const HEADING = /(?<=^|\f)[ \t]*(?:PART\s+([IV]{1,3})\b[\s.,:–—-]*)?ITEM\s+(\d{1,2}[A-C]?(?:\.\d{2})?)\b\s*[.:–—-]?[ \t]*([^\n]{0,160})/gim;
const PART = /(?<=^|\f)[ \t]*PART\s+([IV]{1,3})\b/gim;
/** A run of this many distinct item headings is a table of contents. */
const CONTENTS_ITEMS = 6;
/**
 * Plain text: headings at most this many characters apart (from one heading line's end to the next
 * heading) run together, as a contents list's lines do. A real item, however short ("Item 10 ... The
 * information required by this Item will be included in the Proxy Statement"), has a sentence
 * between it and the next; a window of characters instead took the first item after a contents
 * list, a page of forward-looking statements later, for one of its lines (Apple's "Item 1. Business").
 */
const CONTENTS_GAP = 40;

/** Words that make an "Item 8" line a reference to the item rather than its heading. */
const REFERENCE = /\bof\s+this\s+(?:annual\s+|quarterly\s+)?(?:report|form|document|filing|10-?K|10-?Q)\b|\b(?:herein|hereof|thereof)\b|\b(?:see|refer\s+to|discussed\s+in|described\s+in|included\s+in|set\s+forth\s+in)\b|\bfor\s+(?:further|additional|more)\b|\bunder\s+the\s+(?:heading|caption)\b/i;

/** The end of a line that runs on into an item named on the next one ("... see", "... in Part II,"). */
const RUNS_ON = /(?:[,;]|\b(?:see|in|to|and|or|of|with|under|within|at|by|from|our|this|the))$/i;

/**
 * The "Item" at `start` is a cross-reference: the words after it refer to a document or read on as
 * a sentence (lower case: "Item 8 of this report"), or the line before runs on into it.
 */
function isReference(text: string, start: number, rest: string): boolean {
  if (REFERENCE.test(rest) || /^[,;]?\s*(?:\p{Ll}|,)/u.test(rest)) return true;
  const before = text.slice(Math.max(0, start - 200), start);
  const previous = /([^\n\f]*)\n[ \t]*$/.exec(before)?.[1]?.trim() ?? "";
  return RUNS_ON.test(previous);
}

interface Heading {
  start: number;
  /** Where the heading's line (as matched) ends. */
  end: number;
  /** A cross-reference: it still counts towards a contents page (those list items in many forms). */
  reference: boolean;
  item: string;
  part: string;
  title: string;
}

export function findSections(text: string): Section[] {
  const parts = [...text.matchAll(PART)].map((m) => ({ start: m.index, part: m[1]!.toUpperCase() }));
  const headings: Heading[] = [];
  let partIndex = -1;
  for (const match of text.matchAll(HEADING)) {
    while (partIndex + 1 < parts.length && parts[partIndex + 1]!.start <= match.index) partIndex++;
    let title = match[0].trim();
    if (match[3]!.trim() === "") {
      // "Item 7." alone on its line: the title is on the next line.
      const next = /^\s*([^\n]{3,160})/.exec(text.slice(match.index + match[0].length));
      if (next) title = `${title} ${next[1]!.trim()}`;
    }
    headings.push({
      start: match.index,
      end: match.index + match[0].length,
      reference: isReference(text, match.index, match[3]!),
      item: match[2]!.toUpperCase(),
      part: match[1]?.toUpperCase() ?? parts[partIndex]?.part ?? "",
      title: title.replace(/\s+/g, " ").replace(/[\s.]*\d*$/, "").slice(0, 160),
    });
  }
  // PDF text (pages joined by form feeds): a contents page; plain text: a run of headings.
  const pageStarts = [0, ...[...text.matchAll(/\f/g)].map((m) => m.index + 1)];
  const paged = pageStarts.length > 1;
  const pageOf = (offset: number) => {
    let page = 0;
    while (page + 1 < pageStarts.length && pageStarts[page + 1]! <= offset) page++;
    return page;
  };
  const group = paged ? headings.map((h) => pageOf(h.start)) : runs(headings);
  const items = new Map<number, Set<string>>();
  headings.forEach((h, i) => items.set(group[i]!, (items.get(group[i]!) ?? new Set()).add(h.item)));
  const seen = new Set<string>();
  const sections: Section[] = [];
  for (const [i, heading] of headings.entries()) {
    const key = `${heading.part ? `PART ${heading.part} ` : ""}ITEM ${heading.item}`;
    if (heading.reference || seen.has(key) || items.get(group[i]!)!.size >= CONTENTS_ITEMS) continue;
    seen.add(key);
    sections.push({ start: heading.start, key, title: heading.title });
  }
  const statements = appendedStatements(text, sections.at(-1), paged ? pageStarts : null);
  return statements === null ? sections : [...sections, statements];
}

/** Each heading's run: the index of the first of the headings that follow one another at most CONTENTS_GAP apart. */
function runs(headings: readonly Heading[]): number[] {
  const first: number[] = [];
  headings.forEach((h, i) => first.push(i > 0 && h.start - headings[i - 1]!.end <= CONTENTS_GAP ? first[i - 1]! : i));
  return first;
}

/** The last items of a 10-K, after which many filings append their financial statements (the "F-pages"). */
const CLOSING_ITEM = /ITEM 1[56]$/;
/** A heading that opens financial statements. */
const STATEMENTS_HEADING =
  /^(?:report of independent registered public accounting firm|index to (?:the )?(?:consolidated )?financial statements|consolidated (?:statements?|balance sheets?) of\b|consolidated balance sheets?$|notes to (?:the )?consolidated financial statements)/i;
/** Lines at the top of a page that may hold its heading (the company's name and a title come first). */
const TOP_LINES = 4;
/** A line at the top of more pages than this is a running head. */
const RUNNING_HEAD_PAGES = 3;

/**
 * The financial statements appended after Item 15 or 16, as a section of their own: 53 of the
 * corpus's filings put them there, and they read as "Item 16. Form 10-K Summary" otherwise. Found by a statements heading among the top lines of a page (or, in a
 * plain-text filing, on a short line of its own), so a sentence naming the statements does not count.
 */
function appendedStatements(text: string, last: Section | undefined, pageStarts: number[] | null): Section | null {
  if (!last || !CLOSING_ITEM.test(last.key)) return null;
  const starts = pageStarts ? pageStarts.filter((start) => start > last.start) : [last.start];
  const pageText = (start: number) => {
    const end = pageStarts ? text.indexOf("\f", start) : -1;
    return text.slice(start, end === -1 ? text.length : end);
  };
  // A line at the top of many pages is a running head or a link ("Index to Financial Statements" on every Oracle page), not a heading.
  const tops = new Map<string, number>();
  for (const start of pageStarts ?? []) {
    for (const line of pageText(start).split("\n").map((l) => l.trim()).filter(Boolean).slice(0, TOP_LINES)) tops.set(line, (tops.get(line) ?? 0) + 1);
  }
  for (const pageStart of starts) {
    const lines = pageText(pageStart).split("\n");
    let offset = pageStart;
    let seenLines = 0;
    for (const line of lines) {
      const trimmed = line.trim();
      if (trimmed !== "") {
        if (pageStarts && seenLines++ >= TOP_LINES) break;
        if (trimmed.length <= 80 && STATEMENTS_HEADING.test(trimmed) && offset > last.start && (tops.get(trimmed) ?? 0) <= RUNNING_HEAD_PAGES) {
          return { start: offset + line.indexOf(trimmed), key: "FINANCIAL STATEMENTS", title: "Financial Statements" };
        }
      }
      offset += line.length + 1;
    }
  }
  return null;
}

/** A page listing many item headings is a table of contents (it would match every query about any item). */
export function isContentsPage(text: string): boolean {
  return new Set([...text.matchAll(HEADING)].map((m) => m[2]!.toUpperCase())).size >= CONTENTS_ITEMS;
}

/** The section a document offset falls in (the last one starting at or before it). */
export function sectionAt(sections: Section[], offset: number): number | null {
  let lo = 0;
  let hi = sections.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sections[mid]!.start <= offset) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

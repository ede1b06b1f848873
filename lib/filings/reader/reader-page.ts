import type { Span } from "../highlights";
import { type FilingFurniture, furnitureLines } from "./page-furniture";
import { type Line, pageLines } from "./page-lines";
import { type Cell, type Table, pageTables } from "./page-tables";
import { markSpan, pageHit, type QueryMarks, type TextPiece } from "./reader-marks";
import { hasUnreadableTextLayer } from "./text-layer";

/**
 * One page as the reader shows it: text paragraphs and rebuilt tables, page furniture left out,
 * the hit passage and the query words marked in both. Offsets stay those of the stored page text,
 * so a search hit (a span of the filing text) marks the same characters whether they read as
 * prose or as table cells. Pure.
 */

export interface MarkedCell {
  pieces: TextPiece[];
  /** A currency sign shown before the number. */
  currency: string | null;
}

export interface MarkedRow {
  label: MarkedCell | null;
  cells: (MarkedCell | null)[];
  heading: boolean;
}

export type ReaderBlock =
  | { kind: "text"; pieces: TextPiece[] }
  | { kind: "table"; columns: number; header: MarkedCell[] | null; caption: MarkedCell[]; rows: MarkedRow[] }
  /** In place of a page whose text layer is unreadable (text-layer.ts): its codes would read as noise. */
  | { kind: "unreadable" };

export interface ReaderPage {
  blocks: ReaderBlock[];
  /** The first piece of the hit passage in reading order: where the reader scrolls to. */
  anchor: TextPiece | null;
}

/** Text ranges between the tables with furniture lines cut out, trimmed of blank lines. */
function textRanges(lines: readonly Line[], furniture: ReadonlySet<Line>, from: number, to: number): Span[] {
  const ranges: Span[] = [];
  let open: Span | null = null;
  for (const line of lines) {
    if (line.start < from || line.end > to) continue;
    if (furniture.has(line)) {
      open = null;
      continue;
    }
    if (line.text === "") continue;
    if (open) open.end = line.end;
    else ranges.push((open = { start: line.start, end: line.end }));
  }
  return ranges;
}

export function readerPage(text: string, pageOffset: number, pageNumber: number | null, furniture: FilingFurniture, hit: Span | null, marks: QueryMarks): ReaderPage {
  if (hasUnreadableTextLayer(text)) return { blocks: [{ kind: "unreadable" }], anchor: null };
  const lines = pageLines(text);
  const furnitureSet = furnitureLines(lines, furniture, pageNumber);
  const tables = pageTables(lines.map((l) => (furnitureSet.has(l) ? { ...l, text: "" } : l)));
  const onPage = pageHit(text, pageOffset, hit);
  const markCell = (cell: Cell): MarkedCell => ({ pieces: markSpan(text, cell.start, cell.end, onPage, marks), currency: cell.currency });
  const mark = (cell: Cell | null): MarkedCell | null => (cell ? markCell(cell) : null);
  const tableBlock = (table: Table): ReaderBlock => ({
    kind: "table",
    columns: table.columns,
    header: table.header?.map(markCell) ?? null,
    caption: table.caption.map(markCell),
    rows: table.rows.map((row) => ({ label: mark(row.label), cells: row.cells.map(mark), heading: row.heading })),
  });
  const blocks: ReaderBlock[] = [];
  let at = 0;
  for (const table of [...tables, null]) {
    const until = table?.start ?? text.length;
    for (const range of textRanges(lines, furnitureSet, at, until)) blocks.push({ kind: "text", pieces: markSpan(text, range.start, range.end, onPage, marks) });
    if (table) {
      blocks.push(tableBlock(table));
      at = table.end;
    }
  }
  return { blocks, anchor: firstHit(blocks) };
}

function blockPieces(block: ReaderBlock): TextPiece[] {
  if (block.kind === "unreadable") return [];
  if (block.kind === "text") return block.pieces;
  const cells = [...block.caption, ...(block.header ?? []), ...block.rows.flatMap((r) => [r.label, ...r.cells])];
  return cells.flatMap((c) => c?.pieces ?? []);
}

const firstHit = (blocks: ReaderBlock[]) => blocks.flatMap(blockPieces).find((p) => p.hit) ?? null;

import { Fragment } from "react";
import type { MarkedCell, MarkedRow, ReaderBlock, ReaderPage } from "@/lib/filings/reader/reader-page";
import type { TextPiece } from "@/lib/filings/reader/reader-marks";

function Term({ piece }: { piece: TextPiece }) {
  return piece.term ? <mark className="rounded-sm bg-amber-200/80 px-px text-inherit dark:bg-amber-500/40">{piece.text}</mark> : piece.text;
}

/** Runs of pieces, split where the hit passage starts and ends. */
function runs(pieces: TextPiece[]): TextPiece[][] {
  const out: TextPiece[][] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last && last[0]!.hit === piece.hit) last.push(piece);
    else out.push([piece]);
  }
  return out;
}

function Pieces({ pieces, anchor }: { pieces: TextPiece[]; anchor: TextPiece | null }) {
  return runs(pieces).map((run, i) => {
    const terms = run.map((p, j) => <Term key={j} piece={p} />);
    if (!run[0]!.hit) return <Fragment key={i}>{terms}</Fragment>;
    // The hit passage, in each paragraph or cell it covers; the run holding its first piece is the scroll and focus target (#hit).
    const first = anchor !== null && run.includes(anchor);
    return (
      <span
        key={i}
        data-hit=""
        id={first ? "hit" : undefined}
        tabIndex={first ? -1 : undefined}
        data-testid={first ? "hit-passage" : undefined}
        className="scroll-mt-24 bg-sky-100 outline-none [box-decoration-break:clone] dark:bg-sky-900/50"
      >
        {terms}
      </span>
    );
  });
}

function CellText({ cell, anchor }: { cell: MarkedCell | null; anchor: TextPiece | null }) {
  if (!cell) return null;
  return (
    <>
      {cell.currency && <span className="mr-1 text-zinc-500">{cell.currency}</span>}
      <Pieces pieces={cell.pieces} anchor={anchor} />
    </>
  );
}

function Row({ row, columns, anchor }: { row: MarkedRow; columns: number; anchor: TextPiece | null }) {
  if (row.heading) {
    return (
      <tr>
        <th scope="rowgroup" colSpan={columns + 1} className="pt-2 pr-4 pl-2 text-left font-medium">
          <CellText cell={row.label} anchor={anchor} />
        </th>
      </tr>
    );
  }
  return (
    <tr className="border-t border-zinc-100 dark:border-zinc-800">
      {/* The labels stay in view while the numbers scroll sideways on a narrow screen. */}
      <th scope="row" className="sticky left-0 min-w-40 bg-white py-0.5 pr-4 pl-2 text-left font-normal sm:min-w-56 dark:bg-zinc-950">
        <CellText cell={row.label} anchor={anchor} />
      </th>
      {Array.from({ length: columns }, (_, i) => (
        <td key={i} className="py-0.5 pr-2 pl-4 text-right whitespace-nowrap tabular-nums">
          <CellText cell={row.cells[i] ?? null} anchor={anchor} />
        </td>
      ))}
    </tr>
  );
}

const labelText = (row: MarkedRow) => (row.label?.pieces.map((p) => p.text).join("") ?? "").replace(/:$/, "").toLowerCase();

/**
 * Rows grouped under their headings: each heading opens a row group it labels (scope="rowgroup"),
 * closed by its total ("Operating expenses" … "Total operating expenses") or the next heading.
 */
function rowGroups(rows: MarkedRow[]): MarkedRow[][] {
  const groups: MarkedRow[][] = [];
  let total: string | null = null;
  for (const row of rows) {
    if (row.heading || groups.length === 0) {
      groups.push([row]);
      total = row.heading ? `total ${labelText(row)}` : null;
    } else if (total === null && groups.at(-1)![0]!.heading) {
      // The heading's group was closed by its total: the rows after it stand alone.
      groups.push([row]);
    } else {
      groups.at(-1)!.push(row);
      if (labelText(row) === total) total = null;
    }
  }
  return groups;
}

/** A rebuilt table; it scrolls sideways inside its box on a narrow screen instead of widening the page. */
function FilingTable({ block, anchor, name }: { block: Extract<ReaderBlock, { kind: "table" }>; anchor: TextPiece | null; name: string }) {
  return (
    <div role="region" aria-label={name} tabIndex={0} className="my-3 w-fit max-w-full overflow-x-auto rounded border border-zinc-200 py-1 dark:border-zinc-800">
      <table className="text-[13px] leading-snug text-zinc-800 dark:text-zinc-200">
        {block.caption.length > 0 && (
          <caption className="px-2 pb-1 text-left text-xs text-zinc-500 dark:text-zinc-400" title="Years the filing prints with this table, fewer than its columns: which column each heads is not known">
            {block.caption.map((cell, i) => (
              <span key={i} className="mr-2 tabular-nums">
                <CellText cell={cell} anchor={anchor} />
              </span>
            ))}
          </caption>
        )}
        {block.header && (
          <thead>
            <tr>
              <td className="sticky left-0 bg-white dark:bg-zinc-950" />
              {block.header.map((cell, i) => (
                <th key={i} scope="col" className="pb-1 pr-2 pl-4 text-right font-medium whitespace-nowrap tabular-nums">
                  <CellText cell={cell} anchor={anchor} />
                </th>
              ))}
            </tr>
          </thead>
        )}
        {rowGroups(block.rows).map((group, g) => (
          <tbody key={g}>
            {group.map((row, i) => (
              <Row key={i} row={row} columns={block.columns} anchor={anchor} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/**
 * One page of a filing: its paragraphs and tables, the hit passage highlighted and the query words
 * marked. Its tables are named by their place on the page ("Table 1"), inside the page's region.
 */
export function FilingPageText({ page }: { page: ReaderPage }) {
  const tables = page.blocks.filter((b) => b.kind === "table");
  return (
    <div className="max-w-[90ch] text-[13.5px] leading-relaxed text-zinc-800 dark:text-zinc-200">
      {page.blocks.map((block, i) =>
        block.kind === "text" ? (
          <p key={i} className="mb-2 break-words whitespace-pre-wrap">
            <Pieces pieces={block.pieces} anchor={page.anchor} />
          </p>
        ) : block.kind === "table" ? (
          <FilingTable key={i} block={block} anchor={page.anchor} name={`Table ${tables.indexOf(block) + 1}`} />
        ) : (
          <p key={i} className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-[13px] text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="unreadable-page">
            This page&apos;s text layer is unreadable: almost none of its characters form words or numbers (as when a PDF maps its
            glyphs to private codes). The page is not searched; read it in the original document.
          </p>
        ),
      )}
    </div>
  );
}

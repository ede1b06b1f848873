import type { MarkedPage, TextPiece } from "@/lib/filings/reader-marks";

function Pieces({ pieces }: { pieces: TextPiece[] }) {
  return pieces.map((p, i) =>
    p.term ? (
      <mark key={i} className="rounded-sm bg-amber-200/80 px-px text-inherit dark:bg-amber-500/40">
        {p.text}
      </mark>
    ) : (
      p.text
    ),
  );
}

/** One page of a filing as plain text, the hit passage highlighted and the query words marked. */
export function FilingPageText({ marked }: { marked: MarkedPage }) {
  return (
    <div className="max-w-[90ch] text-[13.5px] leading-relaxed break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
      <Pieces pieces={marked.before} />
      {marked.hit && (
        <span id="hit" tabIndex={-1} data-testid="hit-passage" className="scroll-mt-24 bg-sky-100 outline-none [box-decoration-break:clone] dark:bg-sky-900/50">
          <Pieces pieces={marked.hit} />
        </span>
      )}
      <Pieces pieces={marked.after} />
    </div>
  );
}

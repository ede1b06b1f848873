"use client";

import Link from "next/link";
import { useState } from "react";
import { fiscalLabel, filingTypeLabel, twinFilingLabel } from "@/lib/filings/filing-labels";
import type { FilingSearchHit } from "@/lib/filings/search-schema";
import { companyHref, readerHref } from "@/lib/links";
import { FiledMarker } from "./filed-marker";
import { HighlightedText } from "./highlighted-text";

/** One passage of the results: where it is, its highlighted snippet (or whole text), and the way into the reader. */
export function SearchHitCard({ hit, queries, asOf }: { hit: FilingSearchHit; queries: readonly string[]; asOf: string }) {
  const [whole, setWhole] = useState(false);
  const { filing } = hit;
  const place = [hit.section?.title, hit.page !== null ? `page ${hit.page}` : null].filter(Boolean).join(" · ");
  return (
    <li className="rounded border border-zinc-200 p-3 dark:border-zinc-800" data-testid="hit" data-hit-id={hit.id} data-filing={filing.id} data-company={hit.company.full_ticker ?? ""}>
      <div className="flex flex-wrap items-baseline gap-x-2 text-[13px]">
        <span className="text-xs text-zinc-500 dark:text-zinc-400 tabular-nums">{hit.rank}.</span>
        {hit.company.full_ticker ? (
          <Link href={companyHref(hit.company.full_ticker)} className="font-medium hover:underline">
            {hit.company.name}
          </Link>
        ) : (
          <span className="font-medium">{hit.company.name}</span>
        )}
        <span className="font-mono text-xs text-zinc-500">{hit.company.full_ticker}</span>
        <span className="rounded bg-zinc-100 px-1 text-xs dark:bg-zinc-800">{filingTypeLabel(filing.type)}</span>
        <span className="text-xs">{fiscalLabel(filing)}</span>
        {filing.period_end && <span className="text-xs text-zinc-500">period ended {filing.period_end}</span>}
        <span className="ml-auto flex gap-1" role="group" aria-label="Queries that found it">
          {/* "query 1", not "Q1": next to fiscal labels a bare "Q1" reads as a fiscal quarter. */}
          {hit.matched_queries.map((q) => (
            <span key={q} title={`Found by query ${q + 1}: ${queries[q] ?? ""}`} className="rounded bg-sky-50 px-1 text-[11px] text-sky-900 dark:bg-sky-950 dark:text-sky-300" data-testid="hit-query">
              query {q + 1}
            </span>
          ))}
        </span>
      </div>
      {place && <p className="mt-0.5 text-xs text-zinc-500" data-testid="hit-place">{place}</p>}
      {hit.also_in && <AlsoIn twins={hit.also_in} filing={filing} queries={queries} />}
      <p className="mt-0.5">
        <FiledMarker filed={filing.filed} asOf={asOf} />
      </p>
      {/* Filing text keeps the PDF's line breaks: the snippet reads as one paragraph, the whole passage as laid out. */}
      <p className={`mt-1.5 text-[13px] leading-relaxed text-zinc-800 dark:text-zinc-200 ${whole ? "whitespace-pre-line" : "whitespace-normal"}`} data-testid="hit-text">
        {whole ? (
          <HighlightedText text={hit.text} spans={hit.highlights} />
        ) : (
          <>
            {hit.snippet.start > 0 && "… "}
            <HighlightedText text={hit.snippet.text} spans={hit.snippet.highlights} />
            {hit.snippet.start + hit.snippet.text.length < hit.text.length && " …"}
          </>
        )}
      </p>
      <div className="mt-1.5 flex flex-wrap gap-3 text-xs">
        <Link href={readerHref(filing.id, { hit: hit.offsets, queries })} className="font-medium text-sky-800 hover:underline dark:text-sky-300">
          Read in the filing →
        </Link>
        {hit.snippet.text.length < hit.text.length && (
          <button type="button" className="text-zinc-600 hover:underline dark:text-zinc-400" onClick={() => setWhole(!whole)} aria-expanded={whole}>
            {whole ? "Show less" : "Show the whole passage"}
          </button>
        )}
        {filing.source_url && (
          <a href={filing.source_url} target="_blank" rel="noreferrer noopener" className="text-zinc-600 hover:underline dark:text-zinc-400">
            Original ↗
          </a>
        )}
        <span className="ml-auto font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{filing.id}</span>
      </div>
    </li>
  );
}

/**
 * Where else the passage stands, collapsed into this hit, each a link to its page in the reader: pages
 * of this filing showing the same snippet, then the company's other filings holding the same passage.
 */
function AlsoIn({ twins, filing, queries }: { twins: NonNullable<FilingSearchHit["also_in"]>; filing: FilingSearchHit["filing"]; queries: readonly string[] }) {
  return (
    <p className="mt-0.5 text-xs text-zinc-500" data-testid="hit-also-in">
      also in{" "}
      {twins.map((twin, i) => {
        const here = twin.filing.id === filing.id;
        const page = twin.page === null ? "another passage" : `page ${twin.page}`;
        return (
          <span key={twin.id}>
            {i > 0 && ", "}
            <Link
              href={readerHref(twin.filing.id, { page: twin.page, queries })}
              className="text-sky-800 hover:underline dark:text-sky-300"
              title={here ? `The same text on ${page} of this filing` : `The same passage, nearly word for word and with the same figures, in ${twin.filing.id}`}
            >
              {here ? page : twinFilingLabel(twin.filing, filing.type)}
            </Link>
          </span>
        );
      })}
    </p>
  );
}

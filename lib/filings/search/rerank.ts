import type { FilingSearchRepository } from "../filing-search-repository";
import { type RerankQuery, rerankScores } from "../rerank-passages";
import type { FilingSearchResponse } from "../search-schema";
import type { FusedHit } from "./fuse-rankings";
import { SEARCH_TUNING } from "./tuning";

/** The `rerank` second stage: the top fused candidates re-ordered by rerank-passages.ts; the rest keep their order after them. */
export function rerank(repository: FilingSearchRepository, fused: FusedHit[], queries: RerankQuery[]): FusedHit[] {
  const head = fused.slice(0, SEARCH_TUNING.rerankDepth);
  const rows = head.map((hit) => repository.hit(hit.id));
  const scores = rerankScores(
    head.map((hit, i) => ({ fused: hit.score, text: rows[i]?.text ?? "", sectionTitle: rows[i]?.section_title ?? null, fiscalYear: rows[i]?.fiscal_year ?? null })),
    queries,
  );
  const reordered = head.map((hit, i) => ({ ...hit, score: scores[i]! })).sort((a, b) => b.score - a.score || a.id - b.id);
  return [...reordered, ...fused.slice(SEARCH_TUNING.rerankDepth)];
}

/** The response's `rerank` member: whether the second stage was asked for and ran, and what it did. */
export function rerankNote(requested: boolean, applied: boolean): FilingSearchResponse["rerank"] {
  if (!requested) return { requested, applied, note: null };
  return {
    requested,
    applied,
    note: applied
      ? `The best ${SEARCH_TUNING.rerankDepth} fused candidates were re-scored on query-term proximity, word order, section-title and number or fiscal-year matches.`
      : "Nothing matched, so there was nothing to rerank.",
  };
}

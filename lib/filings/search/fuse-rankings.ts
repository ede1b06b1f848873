/**
 * Fusion of the rankings a search produces (each query's keyword and vector legs, and their
 * rankings within the years and companies a query names) into one ranking.
 */
export interface Ranking {
  /** Ids best first (a completed ranking, see `completeScores`, has its added ids after these, unordered). */
  ids: number[];
  /** The leg's own scores for `ids`, higher is better (BM25 negated, cosine similarity). */
  scores: number[];
  weight: number;
  /** Which query of the request produced this ranking. */
  query: number;
}

/** A ranking that can score any passage (the vector leg: a similarity is defined for every passage it has a vector for). */
export interface ScorableRanking extends Ranking {
  /** The ranking's score of a passage, on the scale of `scores` (null: outside its scope, or no vector). */
  scoreOf: (id: number) => number | null;
}

export interface FusedHit {
  id: number;
  score: number;
  queries: number[];
}

export type FusionMethod = "convex" | "rrf";

/**
 * `rrf`: reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009), weight / (k + rank). It throws
 * the scores away, so a passage far ahead in one leg (a rare phrase BM25 is sure of) weighs no more
 * than a close call, and a vague leg pulls a confident one down.
 *
 * `convex`: a convex combination of normalised scores (Bruch, Gai & Ingber 2023, "An analysis of
 * fusion functions for hybrid retrieval"): each ranking's scores are divided by its best, so a
 * leg's margins survive fusion (a passage far ahead stays far ahead, a leg whose candidates are all
 * alike adds little order), and a hit missing from a ranking gets 0 there. Weights are the legs' shares.
 */
export function fuseRankings(rankings: Ranking[], method: FusionMethod, k: number): FusedHit[] {
  const hits = new Map<number, FusedHit>();
  for (const ranking of rankings) {
    const contribution = method === "rrf" ? (index: number) => 1 / (k + index + 1) : normalisedScores(ranking.scores);
    ranking.ids.forEach((id, index) => {
      let hit = hits.get(id);
      if (!hit) {
        hit = { id, score: 0, queries: [] };
        hits.set(id, hit);
      }
      hit.score += ranking.weight * contribution(index);
      if (!hit.queries.includes(ranking.query)) hit.queries.push(ranking.query);
    });
  }
  return [...hits.values()]
    .map((hit) => ({ ...hit, queries: hit.queries.sort((a, b) => a - b) }))
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

/**
 * The vector rankings with the keyword candidates of their query added at their actual similarity.
 * The vector leg lists only its best `depth` passages, and convex fusion counts a passage missing
 * from a list as 0 there: the keyword leg's best passage, just outside the vector list, lost to
 * vector-only passages the keywords never matched. The other way round (each vector candidate's
 * BM25) was measured and hurt on FinanceBench: a vague passage matching a question's common words
 * got keyword credit (docs/search.md "Fusion"). Added passages go after the listed ones in no
 * order: only convex fusion, which reads scores, takes completed rankings (not rank fusion, not
 * the keyword floor).
 */
export function completeScores(scorable: ScorableRanking[], others: Ranking[]): Ranking[] {
  return scorable.map(({ scoreOf, ...ranking }) => {
    const ids = [...ranking.ids];
    const scores = [...ranking.scores];
    const listed = new Set(ids);
    for (const other of others) {
      if (other.query !== ranking.query) continue;
      for (const id of other.ids) {
        if (listed.has(id)) continue;
        listed.add(id);
        const score = scoreOf(id);
        if (score === null) continue;
        ids.push(id);
        scores.push(score);
      }
    }
    return { ...ranking, ids, scores };
  });
}

/**
 * Each score as a share of the ranking's best, with 0 as the floor (theoretical-minimum
 * normalisation: BM25 and cosine similarity both start at 0 for no match). Unlike min-max over the
 * candidates, it does not stretch a leg whose candidates barely differ into the full [0, 1].
 */
function normalisedScores(scores: number[]): (index: number) => number {
  const best = Math.max(...scores);
  return (index) => (best > 0 ? Math.max(0, scores[index]!) / best : 1);
}


/** The hybrid's keyword floor: each keyword ranking's first `hits` passages stay within the first `within` fused places. */
export interface KeywordFloor {
  hits: number;
  within: number;
}

/**
 * The fused ranking with the keyword rankings' best passages within the first `within` places:
 * whatever the vector leg says (or the rerank), the hybrid's first page holds what the keywords were
 * surest of. First places of every ranking count before second places, each place's in fused order,
 * at most `within` in all (with more rankings than room, as with many queries, those fusion rates
 * highest, wherever they are). Those already within the first places stay where they are; the rest
 * go right after them, before the fused hits that no longer fit, so the fused order changes least.
 */
export function keepKeywordFloor(fused: FusedHit[], keyword: Ranking[], floor: KeywordFloor): FusedHit[] {
  const position = new Map(fused.map((h, i) => [h.id, i]));
  const kept: number[] = [];
  for (let place = 0; place < floor.hits; place++) {
    const candidates = keyword.map((ranking) => ranking.ids[place] ?? -1).filter((id) => position.has(id) && !kept.includes(id));
    for (const id of [...new Set(candidates)].sort((a, b) => position.get(a)! - position.get(b)!)) {
      if (kept.length < floor.within) kept.push(id);
    }
  }
  const moved = kept.filter((id) => position.get(id)! >= floor.within);
  if (moved.length === 0) return fused;
  // The first places: the kept passages already there and the best other fused hits that still fit, in fused order.
  const room = floor.within - kept.length;
  const others = fused.filter((h) => !kept.includes(h.id));
  const staying = new Set([...kept, ...others.slice(0, room).map((h) => h.id)]);
  const head = fused.filter((h) => staying.has(h.id) && !moved.includes(h.id));
  return [...head, ...moved.map((id) => fused[position.get(id)!]!), ...fused.filter((h) => !staying.has(h.id))];
}

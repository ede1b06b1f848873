/**
 * Fusion of the rankings a search produces (each query's keyword and vector legs, and their
 * rankings within the years and companies a query names) into one ranking.
 */
export interface Ranking {
  /** Ids best first. */
  ids: number[];
  /** The leg's own scores for `ids`, higher is better (BM25 negated, cosine similarity). */
  scores: number[];
  weight: number;
  /** Which query of the request produced this ranking. */
  query: number;
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
 * Each score as a share of the ranking's best, with 0 as the floor (theoretical-minimum
 * normalisation: BM25 and cosine similarity both start at 0 for no match). Unlike min-max over the
 * candidates, it does not stretch a leg whose candidates barely differ into the full [0, 1].
 */
function normalisedScores(scores: number[]): (index: number) => number {
  const best = Math.max(...scores);
  return (index) => (best > 0 ? Math.max(0, scores[index]!) / best : 1);
}


/**
 * Where the hybrid must keep the keyword leg's best passages: the keyword ranking's first `hits`
 * places, the j-th (0-based) within the first `within` fused places, or with `spread` within
 * ceil((j + 1) × within / hits) (the best within the first half for two hits).
 */
export interface KeywordFloor {
  hits: number;
  within: number;
  spread: boolean;
}

/**
 * The fused ranking with the keyword rankings' best passages moved up to their floor places where
 * fusion (or the rerank) left them lower: whatever the vector leg says, the hybrid's first page
 * holds what the keywords were surest of. Moved passages take the latest places their floor allows
 * (first places of every query, then second places...), so the fused order changes least.
 */
export function keepKeywordFloor(fused: FusedHit[], keyword: Ranking[], floor: KeywordFloor): FusedHit[] {
  const place = new Map(fused.map((h, i) => [h.id, i]));
  const pinned: { id: number; deadline: number }[] = [];
  for (let j = 0; j < floor.hits; j++) {
    const deadline = floor.spread ? Math.ceil(((j + 1) * floor.within) / floor.hits) : floor.within;
    for (const ranking of keyword) {
      const id = ranking.ids[j];
      if (id === undefined || (place.get(id) ?? Infinity) < deadline || pinned.some((p) => p.id === id)) continue;
      // Never more pinned passages than places before their floor (many queries, few places).
      if (place.has(id) && pinned.length < deadline) pinned.push({ id, deadline });
    }
  }
  if (pinned.length === 0) return fused;
  pinned.sort((a, b) => a.deadline - b.deadline);
  const byId = new Map(fused.map((h) => [h.id, h]));
  const rest = fused.filter((h) => !pinned.some((p) => p.id === h.id));
  const out: FusedHit[] = [];
  let next = 0;
  while (pinned.length > 0 || next < rest.length) {
    // Place a pinned passage now if waiting one more place would push some pinned passage past its floor.
    const due = pinned.some((p, k) => out.length + k + 1 >= p.deadline);
    if (pinned.length > 0 && (due || next >= rest.length)) out.push(byId.get(pinned.shift()!.id)!);
    else out.push(rest[next++]!);
  }
  return out;
}

/**
 * Reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009): a hit's score is the sum over the
 * rankings that hold it of weight / (k + rank). It needs no score calibration between BM25 and
 * cosine distance, and several queries fuse the same way as several retrievers.
 */
export interface Ranking {
  /** Ids best first. */
  ids: number[];
  weight: number;
  /** Which query of the request produced this ranking. */
  query: number;
}

export interface FusedHit {
  id: number;
  score: number;
  queries: number[];
}

export function fuseRankings(rankings: Ranking[], k: number): FusedHit[] {
  const hits = new Map<number, FusedHit>();
  for (const ranking of rankings) {
    ranking.ids.forEach((id, index) => {
      let hit = hits.get(id);
      if (!hit) {
        hit = { id, score: 0, queries: [] };
        hits.set(id, hit);
      }
      hit.score += ranking.weight / (k + index + 1);
      if (!hit.queries.includes(ranking.query)) hit.queries.push(ranking.query);
    });
  }
  return [...hits.values()]
    .map((hit) => ({ ...hit, queries: hit.queries.sort((a, b) => a - b) }))
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

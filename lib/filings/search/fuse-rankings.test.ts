import { describe, expect, it } from "vitest";
import { completeScores, fuseRankings, keepKeywordFloor, type Ranking, type ScorableRanking } from "./fuse-rankings";

describe("convex fusion of normalised scores", () => {
  it("divides each ranking's scores by its best and sums weight × share", () => {
    const fused = fuseRankings(
      [
        { ids: [1, 2, 3], scores: [9, 5, 1], weight: 0.6, query: 0 },
        { ids: [3, 2], scores: [0.8, 0.4], weight: 0.4, query: 0 },
      ],
      "convex",
      60,
    );
    // 1: 0.6 × 1; 2: 0.6 × 5/9 + 0.4 × 0.5; 3: 0.6 × 1/9 + 0.4 × 1.
    expect(fused.map((h) => [h.id, Number(h.score.toFixed(6))])).toEqual([
      [1, 0.6],
      [2, 0.533333],
      [3, 0.466667],
    ]);
  });

  it("keeps a confident leg's clear winner first where rank fusion lets a vague leg overturn it", () => {
    // Keyword is sure of passage 7 (far ahead); the vector leg barely separates its candidates and
    // ranks 8 first. Rank fusion only sees ranks: 8 is first or second in both legs and wins.
    const rankings = [
      { ids: [7, 8, 9], scores: [30, 4, 3.9], weight: 0.5, query: 0 },
      { ids: [8, 9, 10, 7], scores: [0.5, 0.499, 0.498, 0.497], weight: 0.5, query: 0 },
    ];
    expect(fuseRankings(rankings, "rrf", 60)[0]!.id).toBe(8);
    expect(fuseRankings(rankings, "convex", 60)[0]!.id).toBe(7);
  });

  it("floors negative similarities at 0 and lists the queries of each hit", () => {
    const fused = fuseRankings(
      [
        { ids: [5], scores: [2], weight: 1, query: 1 },
        { ids: [5, 6], scores: [0.4, -0.1], weight: 1, query: 0 },
      ],
      "convex",
      60,
    );
    expect(fused.map((h) => [h.id, h.score])).toEqual([
      [5, 2],
      [6, 0],
    ]);
    expect(fused[0]!.queries).toEqual([0, 1]);
  });
});

describe("completing the vector leg's scores", () => {
  // The vector leg's similarity of any passage (no entry: no vector); it lists only its best two.
  const similarity = new Map([[4, 0.6], [2, 0.59], [1, 0.58], [5, 0.57]]);
  const vector = (query = 0): ScorableRanking => ({ ids: [4, 2], scores: [0.6, 0.59], weight: 0.5, query, scoreOf: (id) => similarity.get(id) ?? null });
  const keyword = (query = 0): Ranking => ({ ids: [1, 2, 3], scores: [10, 9.5, 1], weight: 0.5, query });

  it("adds the keyword candidates of its query at their similarity, after the listed ones, leaving out passages without one", () => {
    expect(completeScores([vector()], [keyword()])).toEqual([{ ids: [4, 2, 1], scores: [0.6, 0.59, 0.58], weight: 0.5, query: 0 }]);
  });

  it("fuses the keyword leg's best on its actual similarity, not 0 for falling just below the vector list", () => {
    // Listed only: 2 (in both lists) 0.5 × 0.95 + 0.5 × 0.59 / 0.6 beats 1 (keyword's best, 0 from the vector leg).
    expect(fuseRankings([keyword(), vector()], "convex", 60).map((h) => h.id)).toEqual([2, 1, 4, 3]);
    // Completed: 1 gets 0.5 × 0.58 / 0.6 from the vector leg and wins.
    expect(fuseRankings([keyword(), ...completeScores([vector()], [keyword()])], "convex", 60).map((h) => h.id)).toEqual([1, 2, 4, 3]);
  });

  it("completes only with candidates of the same query", () => {
    expect(completeScores([vector(0)], [keyword(1)])[0]!.ids).toEqual([4, 2]);
  });
});

describe("the keyword floor of a hybrid ranking", () => {
  const hit = (id: number, score: number) => ({ id, score, queries: [0] });
  const fused = [hit(1, 0.9), hit(2, 0.8), hit(3, 0.7), hit(4, 0.6), hit(5, 0.5), hit(6, 0.4)];

  it("moves the keyword leg's best passages up into the first places, first places first", () => {
    const keyword = [{ ids: [6, 5, 1], scores: [3, 2, 1], weight: 1, query: 0 }];
    const floored = keepKeywordFloor(fused, keyword, { hits: 2, within: 3 });
    expect(floored.map((h) => h.id)).toEqual([1, 6, 5, 2, 3, 4]);
  });

  it("leaves the ranking alone when the keyword leg's best are already there", () => {
    const keyword = [{ ids: [2, 1], scores: [3, 2], weight: 1, query: 0 }];
    expect(keepKeywordFloor(fused, keyword, { hits: 2, within: 3 })).toEqual(fused);
    expect(keepKeywordFloor(fused, [{ ...keyword[0]!, ids: [6] }], { hits: 0, within: 3 })).toEqual(fused);
  });

  it("takes every query's first place before any second place, and never more than fit", () => {
    const keyword = [
      { ids: [4, 5], scores: [2, 1], weight: 1, query: 0 },
      { ids: [6, 5], scores: [2, 1], weight: 1, query: 1 },
    ];
    expect(keepKeywordFloor(fused, keyword, { hits: 2, within: 2 }).map((h) => h.id)).toEqual([4, 6, 1, 2, 3, 5]);
  });

  it("never pushes a kept passage already within the first places out of them", () => {
    // Query 0's best is first already: the two lower first places may not take its place (within 2).
    const three = [1, 4, 5].map((id, query) => ({ ids: [id], scores: [1], weight: 1, query }));
    expect(keepKeywordFloor(fused, three, { hits: 1, within: 2 }).map((h) => h.id)).toEqual([1, 4, 2, 3, 5, 6]);
    // Bests at the last place within and the first beyond: both end within.
    const two = [3, 4].map((id, query) => ({ ids: [id], scores: [1], weight: 1, query }));
    expect(keepKeywordFloor(fused, two, { hits: 1, within: 3 }).map((h) => h.id)).toEqual([1, 3, 4, 2, 5, 6]);
  });

  it("with more rankings than room, keeps the first places fusion rates highest, in fused order", () => {
    // Twelve queries' first places cannot all stay within ten: those of the first queries were kept before.
    const keyword = [6, 5, 4].map((id, query) => ({ ids: [id], scores: [1], weight: 1, query }));
    expect(keepKeywordFloor(fused, keyword, { hits: 1, within: 2 }).map((h) => h.id)).toEqual([4, 5, 1, 2, 3, 6]);
  });
});

describe("reciprocal-rank fusion", () => {
  it("sums weight / (k + rank) over the rankings and lists the queries of each hit", () => {
    const fused = fuseRankings(
      [
        { ids: [1, 2, 3], scores: [3, 2, 1], weight: 1, query: 0 },
        { ids: [3, 1], scores: [2, 1], weight: 1, query: 1 },
        { ids: [4], scores: [1], weight: 0.5, query: 1 },
      ],
      "rrf",
      60,
    );
    expect(fused.map((h) => h.id)).toEqual([1, 3, 2, 4]);
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 10);
    expect(fused[0]!.queries).toEqual([0, 1]);
    expect(fused[2]!.queries).toEqual([0]);
  });
});

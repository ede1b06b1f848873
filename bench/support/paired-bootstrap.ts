import { seededRandom } from "@/lib/seeded-random";

/**
 * How sure a difference between two rankers is on a small question set: the mean per-question
 * difference (b − a) with a 95% percentile interval from a paired bootstrap (questions resampled
 * with replacement, both rankers scored on the same draw). With 41 questions one first place is
 * worth 0.024 MRR@10, so a gap means little until its interval leaves zero. Percentile intervals run
 * somewhat narrow on so few questions, and the bench prints dozens of them: one that just leaves
 * zero is a hint, not a finding.
 */
export interface PairedDifference {
  mean: number;
  low: number;
  high: number;
}

export function pairedBootstrap(a: readonly number[], b: readonly number[], resamples = 10_000, seed = 20_261_124): PairedDifference {
  if (a.length !== b.length || a.length === 0) throw new Error("pairedBootstrap needs two equally long, non-empty lists of per-question scores");
  if (!Number.isInteger(resamples) || resamples < 1) throw new Error("pairedBootstrap needs a whole number of resamples, at least 1");
  const differences = a.map((value, i) => b[i]! - value);
  const n = differences.length;
  const random = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += differences[Math.floor(random() * n)]!;
    means[r] = sum / n;
  }
  means.sort();
  return {
    mean: differences.reduce((sum, d) => sum + d, 0) / n,
    low: means[Math.floor(0.025 * resamples)]!,
    high: means[Math.ceil(0.975 * resamples) - 1]!,
  };
}

import { describe, expect, it } from "vitest";
import { fitLsa } from "./lsa-model";
import { termCounts, termFrequencyWeight } from "./term-weights";

// Three kinds of passage, each repeated: their TF-IDF matrix has rank 3, so a correct truncated
// SVD with 3 dimensions spans its rows exactly and its term vectors are orthonormal. A solver
// that picks the wrong eigenvectors (or skips orthonormalising) fails one of the two.
const TEMPLATES = [
  "credit card loan losses deposits banking interest margin",
  "beverage bottling volumes sugar aluminum loan pricing",
  "factory equipment capital expenditures sugar plant depreciation",
];
const texts = Array.from({ length: 45 }, (_, i) => TEMPLATES[i % 3]!);
const K = 3;
const { model } = fitLsa(texts, { dimensions: K, minPassages: 1, maxShare: 0.9, sampleSize: 45, seed: 7 });
const T = model.terms.length;
const v = (t: number, d: number) => model.termVectors[t * K + d]!;

/** The passages' TF-IDF rows as the model weighs them (unit length), dense. */
const rows = texts.map((text) => {
  const row = new Float64Array(T);
  for (const [term, count] of termCounts(text)) {
    const t = model.terms.indexOf(term);
    if (t >= 0) row[t] = termFrequencyWeight(count) * model.idf[t]!;
  }
  const norm = Math.hypot(...row);
  return row.map((x) => x / norm);
});

describe("LSA model (randomized truncated SVD)", () => {
  it("has orthonormal term vectors (VᵀV = I)", () => {
    expect(T).toBeGreaterThan(K);
    for (let a = 0; a < K; a++) {
      for (let b = 0; b < K; b++) {
        let dot = 0;
        for (let t = 0; t < T; t++) dot += v(t, a) * v(t, b);
        expect(dot, `column ${a} · column ${b}`).toBeCloseTo(a === b ? 1 : 0, 4);
      }
    }
  });

  it("reconstructs a rank-3 matrix from 3 dimensions (‖X − XVVᵀ‖ ≈ 0)", () => {
    let error = 0;
    let total = 0;
    for (const row of rows) {
      const latent = Array.from({ length: K }, (_, d) => row.reduce((sum, x, t) => sum + x * v(t, d), 0));
      for (let t = 0; t < T; t++) {
        const back = latent.reduce((sum, l, d) => sum + l * v(t, d), 0);
        error += (row[t]! - back) ** 2;
        total += row[t]! ** 2;
      }
    }
    expect(Math.sqrt(error / total)).toBeLessThan(1e-3);
  });
});

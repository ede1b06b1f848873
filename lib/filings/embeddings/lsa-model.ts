import { z } from "zod";
import { seededRandom } from "@/lib/seeded-random";
import { normalise, termCounts, termFrequencyWeight } from "./term-weights";

/**
 * Latent semantic analysis of the passages: TF-IDF vectors reduced by a randomized truncated SVD
 * (Halko, Martinsson & Tropp 2011) to `dimensions` latent topics. A text's embedding is the
 * unit-length sum of its terms' latent vectors weighted by TF-IDF, so queries are embedded at run
 * time from the stored term vectors alone. Built from the product's own corpus: nothing to download.
 */
export const LsaOptions = z.object({
  dimensions: z.int().positive(),
  /** A term must occur in this many passages (rarer ones are mostly typos and numbers). */
  minPassages: z.int().positive(),
  /** Terms in more than this share of passages carry no topic. */
  maxShare: z.number().positive().max(1),
  /** Passages sampled to fit the SVD (all passages are embedded). */
  sampleSize: z.int().positive(),
  seed: z.int(),
});
export type LsaOptions = z.output<typeof LsaOptions>;

export const LSA_DEFAULTS: LsaOptions = { dimensions: 256, minPassages: 5, maxShare: 0.5, sampleSize: 24_000, seed: 20240601 };

export interface LsaModel {
  terms: string[];
  idf: Float32Array;
  /** Row-major terms × dimensions. */
  termVectors: Float32Array;
  dimensions: number;
}

/** Sparse rows (CSR) of term ids and weights. */
interface SparseRows {
  rowStart: Int32Array;
  termIds: Int32Array;
  weights: Float32Array;
}

export function fitLsa(texts: string[], options: LsaOptions = LSA_DEFAULTS): { model: LsaModel; embeddings: Float32Array } {
  const { rows: rawRows, vocabulary } = countTerms(texts);
  const df = new Int32Array(vocabulary.length);
  for (const id of rawRows.termIds) df[id]!++;
  const n = texts.length;
  const keep = new Int32Array(vocabulary.length).fill(-1);
  const terms: string[] = [];
  const idfValues: number[] = [];
  vocabulary.forEach((term, id) => {
    if (df[id]! >= options.minPassages && df[id]! <= options.maxShare * n) {
      keep[id] = terms.length;
      terms.push(term);
      idfValues.push(Math.log(n / df[id]!));
    }
  });
  const idf = Float32Array.from(idfValues);
  const rows = weightRows(rawRows, keep, idf);
  const sample = sampleRows(rows, n, options.sampleSize, options.seed);
  const termVectors = rightSingularVectors(sample, terms.length, options.dimensions, options.seed);
  const model: LsaModel = { terms, idf, termVectors, dimensions: options.dimensions };
  return { model, embeddings: projectRows(rows, n, termVectors, options.dimensions) };
}

/** Embeds one text with a fitted model (the same weighting the passages got). */
export function embedWithLsa(text: string, lookup: (term: string) => { idf: number; vector: Float32Array } | undefined, dimensions: number): Float32Array {
  const out = new Float32Array(dimensions);
  for (const [term, count] of termCounts(text)) {
    const entry = lookup(term);
    if (!entry) continue;
    const weight = termFrequencyWeight(count) * entry.idf;
    for (let d = 0; d < dimensions; d++) out[d]! += weight * entry.vector[d]!;
  }
  return normalise(out);
}

function countTerms(texts: string[]): { rows: SparseRows & { counts: Float32Array }; vocabulary: string[] } {
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  const rowStart = new Int32Array(texts.length + 1);
  let termIds = new Int32Array(1 << 20);
  let counts = new Float32Array(1 << 20);
  let nnz = 0;
  texts.forEach((text, row) => {
    for (const [term, count] of termCounts(text)) {
      let id = ids.get(term);
      if (id === undefined) {
        id = vocabulary.length;
        ids.set(term, id);
        vocabulary.push(term);
      }
      if (nnz === termIds.length) {
        termIds = grow(termIds);
        counts = grow(counts);
      }
      termIds[nnz] = id;
      counts[nnz] = count;
      nnz++;
    }
    rowStart[row + 1] = nnz;
  });
  return { rows: { rowStart, termIds: termIds.subarray(0, nnz), counts: counts.subarray(0, nnz), weights: new Float32Array(0) }, vocabulary };
}

function grow<T extends Int32Array | Float32Array>(array: T): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** Keeps vocabulary terms, weights them by TF-IDF and scales each row to unit length. */
function weightRows(raw: SparseRows & { counts: Float32Array }, keep: Int32Array, idf: Float32Array): SparseRows {
  const rows = raw.rowStart.length - 1;
  const rowStart = new Int32Array(rows + 1);
  const termIds = new Int32Array(raw.termIds.length);
  const weights = new Float32Array(raw.termIds.length);
  let nnz = 0;
  for (let r = 0; r < rows; r++) {
    const begin = nnz;
    let norm = 0;
    for (let i = raw.rowStart[r]!; i < raw.rowStart[r + 1]!; i++) {
      const id = keep[raw.termIds[i]!]!;
      if (id < 0) continue;
      const w = termFrequencyWeight(raw.counts[i]!) * idf[id]!;
      termIds[nnz] = id;
      weights[nnz] = w;
      norm += w * w;
      nnz++;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = begin; i < nnz; i++) weights[i]! *= scale;
    rowStart[r + 1] = nnz;
  }
  return { rowStart, termIds: termIds.subarray(0, nnz), weights: weights.subarray(0, nnz) };
}

function sampleRows(rows: SparseRows, n: number, size: number, seed: number): SparseRows {
  if (n <= size) return rows;
  const next = seededRandom(seed);
  const picked = new Set<number>();
  while (picked.size < size) picked.add(Math.floor(next() * n));
  const order = [...picked].sort((a, b) => a - b);
  const rowStart = new Int32Array(order.length + 1);
  let nnz = 0;
  for (const r of order) nnz += rows.rowStart[r + 1]! - rows.rowStart[r]!;
  const termIds = new Int32Array(nnz);
  const weights = new Float32Array(nnz);
  let at = 0;
  order.forEach((r, i) => {
    const begin = rows.rowStart[r]!;
    const end = rows.rowStart[r + 1]!;
    termIds.set(rows.termIds.subarray(begin, end), at);
    weights.set(rows.weights.subarray(begin, end), at);
    at += end - begin;
    rowStart[i + 1] = at;
  });
  return { rowStart, termIds, weights };
}

/** Y = A X, with X row-major (columns × width). */
function multiply(rows: SparseRows, x: Float64Array, width: number): Float64Array {
  const n = rows.rowStart.length - 1;
  const y = new Float64Array(n * width);
  for (let r = 0; r < n; r++) {
    const out = r * width;
    for (let i = rows.rowStart[r]!; i < rows.rowStart[r + 1]!; i++) {
      const w = rows.weights[i]!;
      const from = rows.termIds[i]! * width;
      for (let k = 0; k < width; k++) y[out + k]! += w * x[from + k]!;
    }
  }
  return y;
}

/** Z = Aᵀ Y, with Y row-major (rows × width). */
function multiplyTransposed(rows: SparseRows, columns: number, y: Float64Array, width: number): Float64Array {
  const z = new Float64Array(columns * width);
  const n = rows.rowStart.length - 1;
  for (let r = 0; r < n; r++) {
    const from = r * width;
    for (let i = rows.rowStart[r]!; i < rows.rowStart[r + 1]!; i++) {
      const w = rows.weights[i]!;
      const out = rows.termIds[i]! * width;
      for (let k = 0; k < width; k++) z[out + k]! += w * y[from + k]!;
    }
  }
  return z;
}

/** Gram matrix XᵀX (width × width) of a row-major matrix. */
function gram(x: Float64Array, width: number): Float64Array {
  const g = new Float64Array(width * width);
  const n = x.length / width;
  for (let r = 0; r < n; r++) {
    const row = r * width;
    for (let i = 0; i < width; i++) {
      const xi = x[row + i]!;
      if (xi === 0) continue;
      const gi = i * width;
      for (let j = 0; j <= i; j++) g[gi + j]! += xi * x[row + j]!;
    }
  }
  for (let i = 0; i < width; i++) for (let j = 0; j < i; j++) g[j * width + i] = g[i * width + j]!;
  return g;
}

/** Orthonormalises the columns of Y in place (Cholesky QR: Q = Y R⁻¹ with RᵀR = YᵀY). */
function orthonormalise(y: Float64Array, width: number): void {
  const g = gram(y, width);
  const l = new Float64Array(width * width);
  for (let i = 0; i < width; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = g[i * width + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * width + k]! * l[j * width + k]!;
      l[i * width + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j * width + j]!;
    }
  }
  const n = y.length / width;
  for (let r = 0; r < n; r++) {
    const row = r * width;
    // Solve q Lᵀ = y for the row (forward substitution).
    for (let j = 0; j < width; j++) {
      let sum = y[row + j]!;
      for (let k = 0; k < j; k++) sum -= y[row + k]! * l[j * width + k]!;
      y[row + j] = sum / l[j * width + j]!;
    }
  }
}

/** Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations; eigenvectors as columns. */
function symmetricEigen(a: Float64Array, size: number): { values: Float64Array; vectors: Float64Array } {
  const m = Float64Array.from(a);
  const v = new Float64Array(size * size);
  for (let i = 0; i < size; i++) v[i * size + i] = 1;
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < size; p++) for (let q = p + 1; q < size; q++) off += m[p * size + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < size; p++) {
      for (let q = p + 1; q < size; q++) {
        const apq = m[p * size + q]!;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (m[q * size + q]! - m[p * size + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < size; k++) {
          const akp = m[k * size + p]!;
          const akq = m[k * size + q]!;
          m[k * size + p] = c * akp - s * akq;
          m[k * size + q] = s * akp + c * akq;
        }
        for (let k = 0; k < size; k++) {
          const apk = m[p * size + k]!;
          const aqk = m[q * size + k]!;
          m[p * size + k] = c * apk - s * aqk;
          m[q * size + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < size; k++) {
          const vkp = v[k * size + p]!;
          const vkq = v[k * size + q]!;
          v[k * size + p] = c * vkp - s * vkq;
          v[k * size + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const values = new Float64Array(size);
  for (let i = 0; i < size; i++) values[i] = m[i * size + i]!;
  return { values, vectors: v };
}

/** Top right singular vectors of A (columns × dimensions, row-major), by randomized SVD with one power iteration. */
function rightSingularVectors(rows: SparseRows, columns: number, dimensions: number, seed: number): Float32Array {
  const width = dimensions + 16;
  const next = seededRandom(seed + 1);
  const omega = new Float64Array(columns * width);
  for (let i = 0; i < omega.length; i++) omega[i] = next() * 2 - 1;
  let y = multiply(rows, omega, width);
  orthonormalise(y, width);
  y = multiply(rows, multiplyTransposed(rows, columns, y, width), width);
  orthonormalise(y, width);
  // B = Qᵀ A, kept transposed as Z = Aᵀ Q (columns × width); B Bᵀ = Zᵀ Z.
  const z = multiplyTransposed(rows, columns, y, width);
  const { values, vectors } = symmetricEigen(gram(z, width), width);
  const order = [...values.keys()].sort((a, b) => values[b]! - values[a]!).slice(0, dimensions);
  // Right singular vectors: V = Z U Σ⁻¹.
  const out = new Float32Array(columns * dimensions);
  for (let t = 0; t < columns; t++) {
    for (let d = 0; d < dimensions; d++) {
      const e = order[d]!;
      let sum = 0;
      for (let k = 0; k < width; k++) sum += z[t * width + k]! * vectors[k * width + e]!;
      out[t * dimensions + d] = sum / Math.sqrt(Math.max(values[e]!, 1e-12));
    }
  }
  return out;
}

/** Unit-length latent vectors of all rows (rows × dimensions, row-major). */
function projectRows(rows: SparseRows, n: number, termVectors: Float32Array, dimensions: number): Float32Array {
  const out = new Float32Array(n * dimensions);
  for (let r = 0; r < n; r++) {
    const row = out.subarray(r * dimensions, (r + 1) * dimensions);
    for (let i = rows.rowStart[r]!; i < rows.rowStart[r + 1]!; i++) {
      const w = rows.weights[i]!;
      const from = rows.termIds[i]! * dimensions;
      for (let d = 0; d < dimensions; d++) row[d]! += w * termVectors[from + d]!;
    }
    normalise(row);
  }
  return out;
}

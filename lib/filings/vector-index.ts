import type { FilingSearchRepository, PassageRange } from "./filing-search-repository";

/**
 * Nearest passages by cosine similarity. The vectors live in the database (a sqlite-vec `vec0`
 * table, written by the ingest); the search scans an in-memory copy because vec0's exhaustive KNN
 * took 130-180 ms per query over the 168k passages on this 2-core machine, while this scan of
 * unit vectors takes a fraction of that and restricts itself to the filtered filings' passages.
 */
export class VectorIndex {
  /** The leading dimensions of every vector, contiguous (the scan reads only these). */
  private readonly prefix: Float32Array;
  private readonly prefixWidth: number;

  private constructor(
    private readonly vectors: Float32Array,
    private readonly present: Uint8Array,
    readonly dimensions: number,
  ) {
    this.prefixWidth = Math.min(dimensions, PREFIX_DIMENSIONS);
    this.prefix = new Float32Array(present.length * this.prefixWidth);
    for (let id = 0; id < present.length; id++) {
      this.prefix.set(vectors.subarray(id * dimensions, id * dimensions + this.prefixWidth), id * this.prefixWidth);
    }
  }

  static load(repository: Pick<FilingSearchRepository, "lastPassageId" | "vectors">, dimensions: number): VectorIndex {
    const count = repository.lastPassageId();
    const vectors = new Float32Array((count + 1) * dimensions);
    const present = new Uint8Array(count + 1);
    for (const { id, embedding } of repository.vectors()) {
      if (id > count || embedding.byteLength !== dimensions * 4) continue;
      vectors.set(new Float32Array(embedding.buffer, embedding.byteOffset, dimensions), id * dimensions);
      present[id] = 1;
    }
    return new VectorIndex(vectors, present, dimensions);
  }

  /** A passage's stored vector (unit length), or null when it has none. */
  vectorOf(id: number): Float32Array | null {
    if (id < 1 || id >= this.present.length || this.present[id] === 0) return null;
    return this.vectors.subarray(id * this.dimensions, (id + 1) * this.dimensions);
  }

  /** Cosine similarity of a unit-length query vector and a passage (null when the passage has no vector). */
  similarity(query: Float32Array, id: number): number | null {
    return this.vectorOf(id) === null ? null : dotAt(query, this.vectors, id * this.dimensions, this.dimensions);
  }

  /**
   * Ids of the `k` passages nearest to a unit-length query vector, nearest first (none for a zero
   * vector: every passage would tie at 0, and the first ids would pass for the nearest). Exhaustive over
   * the leading dimensions (LSA orders them by singular value, so they carry most of the
   * similarity), then exact over all dimensions for the best `PRESCREEN` candidates. Passages in
   * `skip` (a request's excluded ones) are never candidates, nor, when `only` is given (the
   * passages holding a query's quoted phrases), passages outside it.
   */
  nearest(
    query: Float32Array,
    k: number,
    ranges: PassageRange[] | null,
    skip: ReadonlySet<number> | null = null,
    only: ReadonlySet<number> | null = null,
  ): { id: number; similarity: number }[] {
    if (query.every((x) => x === 0)) return [];
    const scores = new Float32Array(this.present.length).fill(-Infinity);
    const spans = ranges ?? [{ first: 1, last: this.present.length - 1 }];
    for (const range of spans) {
      dotProducts(query, this.prefix, this.prefixWidth, this.present, Math.max(1, range.first), Math.min(range.last, this.present.length - 1), scores);
    }
    if (skip) for (const id of skip) if (id < scores.length) scores[id] = -Infinity;
    if (only) for (let id = 0; id < scores.length; id++) if (!only.has(id)) scores[id] = -Infinity;
    const candidates = topK(scores, Math.max(k, PRESCREEN));
    scores.fill(-Infinity);
    for (const { id } of candidates) dotProducts(query, this.vectors, this.dimensions, this.present, id, id, scores);
    return topK(scores, k);
  }
}

const PREFIX_DIMENSIONS = 64;

/** out[id] = query · vectors[id] (over the first `width` dimensions) for passages first..last. */
function dotProducts(query: Float32Array, vectors: Float32Array, width: number, present: Uint8Array, first: number, last: number, out: Float32Array): void {
  for (let id = first; id <= last; id++) {
    if (present[id] !== 0) out[id] = dotAt(query, vectors, id * width, width);
  }
}

/** query · vectors[base .. base + width) (the query's first `width` dimensions). */
function dotAt(query: Float32Array, vectors: Float32Array, base: number, width: number): number {
  let dot = 0;
  for (let j = 0; j < width; j++) dot += query[j]! * vectors[base + j]!;
  return dot;
}
const PRESCREEN = 1500;

/** The k best scores (ids are indexes), best first: a min-heap of the best seen so far. */
function topK(scores: Float32Array, k: number): { id: number; similarity: number }[] {
  const heapIds = new Int32Array(k);
  const heapScores = new Float32Array(k);
  let size = 0;
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && heapScores[l]! < heapScores[m]!) m = l;
      if (r < size && heapScores[r]! < heapScores[m]!) m = r;
      if (m === i) return;
      [heapScores[i], heapScores[m]] = [heapScores[m]!, heapScores[i]!];
      [heapIds[i], heapIds[m]] = [heapIds[m]!, heapIds[i]!];
      i = m;
    }
  };
  for (let id = 0; id < scores.length; id++) {
    const s = scores[id]!;
    if (s === -Infinity) continue;
    if (size < k) {
      let i = size++;
      heapScores[i] = s;
      heapIds[i] = id;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heapScores[parent]! <= heapScores[i]!) break;
        [heapScores[i], heapScores[parent]] = [heapScores[parent]!, heapScores[i]!];
        [heapIds[i], heapIds[parent]] = [heapIds[parent]!, heapIds[i]!];
        i = parent;
      }
    } else if (s > heapScores[0]!) {
      heapScores[0] = s;
      heapIds[0] = id;
      siftDown(0);
    }
  }
  const out: { id: number; similarity: number }[] = [];
  for (let i = 0; i < size; i++) out.push({ id: heapIds[i]!, similarity: heapScores[i]! });
  return out.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
}

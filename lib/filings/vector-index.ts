import type { FilingSearchRepository, PassageRange } from "./filing-search-repository";

/**
 * Nearest passages by cosine similarity. The vectors live in the database (a sqlite-vec `vec0`
 * table, written by the ingest); the search scans an in-memory copy because vec0's exhaustive KNN
 * took 130-180 ms per query over the 168k passages on this 2-core machine, while this scan of
 * unit vectors takes a fraction of that and restricts itself to the filtered filings' passages.
 */
export class VectorIndex {
  private constructor(
    private readonly vectors: Float32Array,
    private readonly present: Uint8Array,
    readonly dimensions: number,
  ) {}

  static load(repository: FilingSearchRepository, dimensions: number): VectorIndex {
    const count = repository.passageCount();
    const vectors = new Float32Array((count + 1) * dimensions);
    const present = new Uint8Array(count + 1);
    for (const { id, embedding } of repository.vectors()) {
      if (id > count || embedding.byteLength !== dimensions * 4) continue;
      vectors.set(new Float32Array(embedding.buffer, embedding.byteOffset, dimensions), id * dimensions);
      present[id] = 1;
    }
    return new VectorIndex(vectors, present, dimensions);
  }

  /** Ids of the `k` passages nearest to a unit-length query vector, nearest first. */
  nearest(query: Float32Array, k: number, ranges: PassageRange[] | null): { id: number; similarity: number }[] {
    const d = this.dimensions;
    const ids = new Int32Array(k).fill(-1);
    const scores = new Float32Array(k).fill(-Infinity);
    let worst = 0;
    const scan = (first: number, last: number) => {
      for (let id = Math.max(1, first); id <= Math.min(last, this.present.length - 1); id++) {
        if (this.present[id] === 0) continue;
        let dot = 0;
        const base = id * d;
        for (let j = 0; j < d; j++) dot += query[j]! * this.vectors[base + j]!;
        if (dot <= scores[worst]!) continue;
        scores[worst] = dot;
        ids[worst] = id;
        for (let j = 0; j < k; j++) if (scores[j]! < scores[worst]!) worst = j;
      }
    };
    if (ranges === null) scan(1, this.present.length - 1);
    else for (const range of ranges) scan(range.first, range.last);
    const out: { id: number; similarity: number }[] = [];
    for (let j = 0; j < k; j++) if (ids[j]! >= 0) out.push({ id: ids[j]!, similarity: scores[j]! });
    return out.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  }
}

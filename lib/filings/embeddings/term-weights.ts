import { topicTerms } from "../text-terms";

/** Sublinear term frequency: a term said ten times is not ten times the topic. */
export const termFrequencyWeight = (count: number) => 1 + Math.log(count);

/** Counts of each topic term of a text. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of topicTerms(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** Scales a vector to unit length in place (zero vectors stay zero); returns it. */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

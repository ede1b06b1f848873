import { BackendError } from "@/lib/errors";
import { EmbeddingError } from "../embeddings/embedder";
import type { Scope } from "../filing-search-repository";
import { topicWithoutNames } from "../query-hints";
import { requiredExpression } from "../query-text";
import type { SearchBackend } from "./backend";
import { elapsed } from "./elapsed";
import type { Ranking, ScorableRanking } from "./fuse-rankings";
import type { QueryPlan } from "./query-plan";
import { inScope } from "./scope";
import { SEARCH_TUNING } from "./tuning";

/** How long the vector leg took: embedding the queries, then ranking the passages. */
export interface VectorTiming {
  embedding: number;
  vector: number;
}

/**
 * The vector leg: each query's passages by cosine similarity in the search's scope (weight 1),
 * then within the filings it names that the filters leave open (SEARCH_TUNING.hintWeight). Within
 * the filings a query names (those, or the search's scope when the filters limit it to the
 * companies the query names) the names of the companies in scope say nothing about which passage
 * answers, and they pull the query towards passages that are mostly the company's name and the
 * filing's label (statement headings, exhibit lists): part of such a ranking embeds the query
 * without them (SEARCH_TUNING.namedTopicShare). Each ranking can score any passage in its scope
 * (fuse-rankings.ts, completeScores). Throws EmbeddingError when the queries cannot be embedded in time.
 */
export async function vectorLeg(
  backend: SearchBackend,
  plan: QueryPlan,
  scope: Scope | null,
  excluded: ReadonlySet<number> | null,
  timing: VectorTiming,
): Promise<ScorableRanking[]> {
  const { distinct } = plan;
  let started = performance.now();
  const topics = distinct.flatMap((q, query) => {
    const topic = plan.hinted[query] || plan.namedByFilters[query] ? topicWithoutNames(q.text, plan.names[query]!) : null;
    return topic === null ? [] : [{ query, topic }];
  });
  const embedded = await embedWithDeadline(backend, [...distinct.map((q) => q.text), ...topics.map((t) => t.topic)]);
  const topicVectors = new Map(topics.map((t, i) => [t.query, embedded[distinct.length + i]!]));
  timing.embedding = elapsed(started);
  started = performance.now();
  const index = backend.vectors();
  const rankings: ScorableRanking[] = [];
  embedded.slice(0, distinct.length).forEach((queryVector, query) => {
    if (!directed(queryVector)) return;
    // The passages holding the query's quoted phrases (null: no phrase): its vector rankings rank
    // no other passage (the keyword leg's MATCH requires them itself).
    const phrases = requiredExpression(plan.terms[query]!);
    const required = phrases === null ? null : backend.repository.matching(phrases);
    const leg = (within: Scope | null, weight: number, embedding: Float32Array): ScorableRanking => ({
      ...vectorRanking(index.nearest(embedding, SEARCH_TUNING.depth, within?.ranges ?? null, excluded, required), weight, query),
      scoreOf: (id) => (inScope(within, id) ? index.similarity(embedding, id) : null),
    });
    const topic = topicVectors.get(query);
    const share = SEARCH_TUNING.namedTopicShare;
    const withinNamed = (within: Scope | null, weight: number) =>
      directed(topic) ? [leg(within, weight * (1 - share), queryVector), leg(within, weight * share, topic)] : [leg(within, weight, queryVector)];
    rankings.push(...(plan.namedByFilters[query] ? withinNamed(scope, 1) : [leg(scope, 1, queryVector)]));
    const hint = plan.hinted[query];
    if (hint) rankings.push(...withinNamed(hint, SEARCH_TUNING.hintWeight));
  });
  timing.vector = elapsed(started);
  return rankings;
}

/**
 * The passages nearest to a passage's stored vector (the passage and its near-duplicates left
 * out), enough of them to fill `wanted` hits after one-per-page collapsing.
 */
export function similarRanking(backend: SearchBackend, passage: number, scope: Scope | null, wanted: number, excluded: ReadonlySet<number> | null): Ranking {
  const vector = backend.vectors().vectorOf(passage);
  if (vector === null) throw new BackendError("Similar passages need the vector index, and this passage has no vector; rebuild it with `npm run ingest`.");
  const own = new Set([passage, ...backend.repository.twins(passage).map((t) => t.id)]);
  const nearest = backend.vectors().nearest(vector, wanted * 2 + own.size, scope?.ranges ?? null, excluded);
  return vectorRanking(nearest.filter((n) => !own.has(n.id)), 1, 0);
}

/** A query with no term the model knows has no direction: it has no vector ranking. */
const directed = (e: Float32Array | undefined): e is Float32Array => e !== undefined && e.some((x) => x !== 0);

const vectorRanking = (nearest: { id: number; similarity: number }[], weight: number, query: number): Ranking => ({
  ids: nearest.map((n) => n.id),
  scores: nearest.map((n) => n.similarity),
  weight,
  query,
});

/** Embeds the queries, giving up after the configured timeout even if the provider ignores the abort. */
async function embedWithDeadline(backend: SearchBackend, texts: string[]): Promise<Float32Array[]> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new EmbeddingError(`the embedding provider did not answer within ${backend.timeoutMs} ms`));
    }, backend.timeoutMs);
  });
  try {
    const vectors = await Promise.race([backend.embedder.embed(texts, controller.signal), deadline]);
    if (vectors.length !== texts.length || vectors.some((v) => v.length !== backend.embedder.dimensions)) {
      throw new EmbeddingError("the embedding provider returned vectors of the wrong number or size");
    }
    return vectors;
  } catch (error) {
    if (error instanceof EmbeddingError) throw error;
    throw new EmbeddingError(`the embedding provider failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

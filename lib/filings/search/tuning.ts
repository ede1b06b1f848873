import type { CommonWordBounds } from "../query-text";
import type { FusionMethod, KeywordFloor } from "./fuse-rankings";

/** Tuning of filing search (see `npm run bench:search`, and docs/search.md "Evaluation"). */
export const SEARCH_TUNING = {
  /** Candidates each leg contributes to fusion, per query. */
  depth: 60,
  /** How the legs' rankings become one (see fuse-rankings.ts), and each method's weights. */
  fusion: "convex" as FusionMethod,
  /**
   * Convex fusion's keyword share per query: from `keywordShare.low` when the best keyword passage
   * holds none of the query's words to `keywordShare.high` when it holds them all (how sure the
   * keyword leg is); the vector leg gets the rest.
   */
  convex: { keywordShare: { low: 0.2, high: 0.9 } },
  /** Where the hybrid keeps each query's best keyword passages (fuse-rankings.ts, keepKeywordFloor). */
  keywordFloor: { hits: 1, within: 10 } satisfies KeywordFloor,
  rrf: { k: 60, keywordWeight: 1.2, vectorWeight: 1 },
  /**
   * Weight of the extra rankings within the fiscal years and companies a query names: high enough
   * that the named filings' passages come first (an analyst naming Apple's 2019 10-K wants it), while
   * the keyword floor keeps the query's surest keyword passages from elsewhere on the first page.
   */
  hintWeight: 10,
  /**
   * In the vector ranking within the filings a query names (its hint scope, or the search's scope
   * when the filters limit it to the companies the query names), the share of the query embedded
   * without the names of the companies in scope (query-hints.ts, topicWithoutNames); the rest
   * embeds it as typed. Measured with the corpus LSA (docs/search.md "Embeddings and the vector
   * leg"): without the names it finds what a question asks about; with them, the filings'
   * statement tables, which exam-style questions about a figure want.
   */
  namedTopicShare: 0.3,
  /**
   * Outside small scopes, words in more passages than `commonPassages` are searched only in phrases
   * of two side by side (words in more than `pairWordPassages` in none); next to a rarer word, the
   * request's phrases may hold words in at most `pairPassages` passages together, and its shorthand
   * alternatives, read in any scope, in at most `alternativePassages` (query-text.ts, commonWordReader).
   */
  commonWords: { commonPassages: 8_000, pairWordPassages: 60_000, pairPassages: 150_000, alternativePassages: 150_000 } satisfies CommonWordBounds,
  /** Scopes of at most this many passages (a company's filings) keep every word. */
  smallScopePassages: 10_000,
  /** Keyword candidates read past the depth to make up for passages a request excludes (v2 `exclude`). */
  excludedExtra: 1_000,
  /** Fused candidates the `rerank` second stage re-scores. */
  rerankDepth: 40,
  /** At most this many passages of one page in the results (the rest add nothing a reader needs). */
  perPage: 1,
};

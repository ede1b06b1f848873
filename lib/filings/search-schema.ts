import { z } from "zod";
import { distinctQueries, parseQuery, searchableTermCount } from "./query-text";

/**
 * Request and response of `POST /api/v1/filings/search/` (pure schemas: importable by client code).
 * The request shape is the spec's; unknown members are rejected.
 */
export const SEARCH_TYPES = ["hybrid", "vector", "keyword"] as const;
const NOTICE_REASONS = ["company_without_filings", "no_filing_matches", "some_companies_without_filings", "some_companies_outside_filters"] as const;
export const FISCAL_PERIODS = ["Q1", "Q2", "Q3", "Q4", "H1", "H2", "FY"] as const;

const notBlank = (value: string) => value.trim().length > 0;

/**
 * Bounds on the terms FTS5 reads (each one a doclist to merge and score; mid-frequency words cost
 * the most): searchable terms are the words left after stopwords and question phrasing, plus every
 * word of a quoted phrase. Duplicate queries count once (they are searched once).
 */
export const QUERY_TERM_BOUNDS = { perQuery: 32, perRequest: 64 } as const;

const termsOf = (text: string) => searchableTermCount(parseQuery(text));

const Query = z
  .string()
  .max(300, "each query is at most 300 characters")
  .refine(notBlank, "a query must not be blank")
  .superRefine((text, ctx) => {
    if (!notBlank(text)) return; // said above
    const terms = termsOf(text);
    if (terms === 0) ctx.addIssue({ code: "custom", message: "has no searchable words: the filings are indexed as English words (letters a-z, accents folded, and digits)" });
    if (terms > QUERY_TERM_BOUNDS.perQuery) {
      ctx.addIssue({ code: "custom", message: `has ${terms} searchable terms; at most ${QUERY_TERM_BOUNDS.perQuery} per query` });
    }
  });

export const FilingSearchRequestSchema = z.strictObject({
  queries: z
    .array(Query)
    .min(1, "give at least one query")
    .max(12, "at most 12 queries")
    .superRefine((queries, ctx) => {
      const terms = distinctQueries(queries).reduce((n, q) => n + termsOf(q.text), 0);
      if (terms > QUERY_TERM_BOUNDS.perRequest) {
        ctx.addIssue({ code: "custom", message: `${terms} searchable terms across the distinct queries; at most ${QUERY_TERM_BOUNDS.perRequest} per request` });
      }
    })
    .meta({
      description: `Natural-language queries, searched separately and fused into one ranking. Put a phrase in double quotes to require it. Each query needs a searchable word (letters or digits) and has at most ${QUERY_TERM_BOUNDS.perQuery} searchable terms (words other than stopwords and question phrasing, each word of a quoted phrase counting); all distinct queries together at most ${QUERY_TERM_BOUNDS.perRequest}. Queries that differ only in case or white space are searched once; \`matched_queries\` names each of their indexes.`,
    }),
  name: z.string().max(120, "at most 120 characters").refine(notBlank, "must not be blank").optional().meta({
    description: 'Company name, case-insensitive; short and legal names alike ("JPMorgan" finds "JPMorgan Chase & Co.").',
  }),
  ticker: z.string().max(40, "at most 40 characters").refine(notBlank, "must not be blank").optional().meta({
    description: "Ticker symbol (current or former) or `full_ticker` (`NYSE:MMM`), case-insensitive.",
  }),
  fiscal_year: z.number({ error: "must be a year, a whole number from 1900 to 2200" }).int().min(1900).max(2200).optional().meta({ description: "Fiscal year as the company labels it." }),
  fiscal_period: z.enum(FISCAL_PERIODS).optional().meta({ description: "`FY` for annual filings, `Q1`-`Q4` for quarters." }),
  filing_type: z.string().max(30, "at most 30 characters").refine(notBlank, "must not be blank").optional().meta({
    description: "`10-K`, `10-Q`, `8-K`, `earnings-release` or `annual-report`; spelling-insensitive (`10K`, `10-k`).",
  }),
  results: z.number({ error: "must be a whole number from 1 to 25" }).int().min(1).max(25).default(5).meta({ description: "Number of results, 1 to 25." }),
  rerank: z.boolean().default(false).meta({
    description: "Re-score the best fused candidates on query-term proximity, word order, section-title and number or fiscal-year matches (the response says whether it ran).",
  }),
  searchtype: z.enum(SEARCH_TYPES).default("hybrid"),
});

export type FilingSearchRequest = z.input<typeof FilingSearchRequestSchema>;
export type ParsedFilingSearchRequest = z.output<typeof FilingSearchRequestSchema>;

const Span = z.object({ start: z.number().int(), end: z.number().int() });

export const FilingSearchHitSchema = z.object({
  id: z.string().meta({ description: "Stable id of the passage: filing id, page (or block) number and offset in the page." }),
  rank: z.number().int().min(1),
  score: z.number().meta({
    description: "Fused score (normalised keyword and vector scores, all queries; with `rerank`, the second stage's score); higher is better.",
  }),
  company: z.object({
    name: z.string(),
    ticker: z.string().nullable(),
    full_ticker: z.string().nullable(),
    cik: z.number().int().nullable(),
  }),
  filing: z.object({
    id: z.string().meta({ description: "The source's document name (`3M_2018_10K`)." }),
    type: z.string().meta({ description: "`10-K`, `10-Q`, `8-K`, `earnings-release` or `annual-report`." }),
    fiscal_year: z.number().int().nullable(),
    fiscal_period: z.string().nullable(),
    period_end: z.string().nullable().meta({ description: "ISO date the reported period ended, where the filing states it." }),
    report_date: z.string().nullable().meta({ description: "Event date of an 8-K, or the filing date where known." }),
    source_url: z.string().nullable(),
    filed: z
      .object({
        date: z.string().nullable().meta({ description: "SEC filing date, where the data has it (the 2024-2025 filings); null for the FinanceBench documents." }),
        earliest: z.string().nullable().meta({ description: "Earliest date it can have been filed: the filing date, or the end of the period it reports (an 8-K: its event date)." }),
        latest: z.string().nullable().meta({
          description: "Latest date it can have been filed: the filing date, or the SEC deadline after its period (90 days after a fiscal year, 45 after a quarter, 4 business days after an 8-K's event).",
        }),
      })
      .meta({ description: "When the filing became public. Compare `latest` with a screen's `as_of`: a filing is public by that date when `latest` is on or before it." }),
  }),
  section: z.object({ key: z.string(), title: z.string() }).nullable().meta({
    description:
      'Item section ("Item 7. Management\'s Discussion ...", key `PART II ITEM 7`), or `FINANCIAL STATEMENTS` for the statements a 10-K appends after its Item 15 or 16.',
  }),
  page: z.number().int().nullable().meta({ description: "1-based PDF page; null for filings that came as plain text." }),
  offsets: Span.meta({ description: "Characters of the passage in the filing text (pages joined by form feeds)." }),
  text: z.string(),
  highlights: z.array(Span).meta({ description: "Query terms in `text` (character offsets)." }),
  snippet: z.object({ text: z.string(), highlights: z.array(Span), start: z.number().int() }).meta({
    description: "A short window of `text` around the matches; `start` is its offset in `text`, highlights are relative to the snippet.",
  }),
  matched_queries: z.array(z.number().int()).meta({ description: "Indexes into `queries` of the queries that retrieved this passage." }),
  also_in: z
    .array(
      z.object({
        id: z.string().meta({ description: "The other passage's id (same form as `id`)." }),
        filing: z.object({ id: z.string(), type: z.string(), fiscal_year: z.number().int().nullable(), fiscal_period: z.string().nullable() }),
        page: z.number().int().nullable(),
      }),
    )
    .optional()
    .meta({
      description:
        "Passages collapsed into this hit; present only when there are some. First, other passages of this hit's filing whose snippet reads word for word as this one's (a footnote printed under two tables; their `filing.id` is this hit's). Then near-verbatim copies of this passage stating the same numbers in the company's other filings (boilerplate repeated year after year), one per filing. A paragraph repeated with other figures is a hit of its own.",
    }),
});

export const FilingSearchResponseSchema = z.object({
  results: z.array(FilingSearchHitSchema),
  searchtype: z.enum(SEARCH_TYPES).meta({ description: "The search type that produced the results." }),
  rerank: z.object({ requested: z.boolean(), applied: z.boolean(), note: z.string().nullable() }),
  fallback: z
    .object({ searchtype: z.literal("keyword"), reason: z.string() })
    .nullable()
    .meta({ description: "Set when a hybrid search answered from the keyword leg alone because the embedding provider failed." }),
  notice: z
    .object({
      reason: z.enum(NOTICE_REASONS).meta({
        description:
          "`company_without_filings`: the company filter names no company with filings in the corpus; `no_filing_matches`: the filters together leave no filing to search (or only filings whose text layer is unreadable, which the message names); `some_companies_without_filings` (v2): some of the `tickers` or `ciks` name no company with filings, and only the others were searched (whether or not a passage matched there; the message also names companies as below); `some_companies_outside_filters` (v2): some of the companies named have filings, but none that the other filters (dates, form groups, fiscal year or period) match, and only the others were searched.",
      }),
      message: z.string(),
    })
    .optional()
    .meta({
      description:
        "Why there are no results, when the filters left no filing to search (absent when the filings were searched and no passage matched); in v2 also which of the companies named have no filings, or none the other filters match, when the others were searched.",
    }),
  timing_ms: z.object({
    total: z.number(),
    embedding: z.number(),
    keyword: z.number(),
    vector: z.number(),
    rerank: z.number().optional().meta({ description: "The rerank second stage, when it ran." }),
    exclude: z.number().optional().meta({ description: "Reading the passages v2 `exclude` leaves out, when it is given." }),
  }),
});

export type FilingSearchHit = z.infer<typeof FilingSearchHitSchema>;
export type FilingSearchResponse = z.infer<typeof FilingSearchResponseSchema>;

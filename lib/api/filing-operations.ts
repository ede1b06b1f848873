import { ANSWER_BOUNDS } from "./answer-bounds";
import { BackendError, DatabaseUnavailableError } from "@/lib/errors";
import { searchIndexUnavailable } from "@/lib/filings/search/backend";
import { FilingSearchRequestSchema, FilingSearchResponseSchema, QUERY_TERM_BOUNDS } from "@/lib/filings/search-schema";
import type { ApiOperation } from "./operation";

// The example hit's text (3M's 2018 cash flow statement, cut), and where the "filtered" example's
// second query, "purchases of property, plant and equipment", matched in it.
const EXAMPLE_TEXT = "3M Company and Subsidiaries\nConsolidated Statement of Cash Flows\nYears ended December 31\n...\nPurchases of property, plant and equipment (PP&E)\n(1,577)\n...";
const EXAMPLE_MATCHES = ["Purchases", "property", "plant", "equipment"].map((word) => ({ start: EXAMPLE_TEXT.indexOf(word), end: EXAMPLE_TEXT.indexOf(word) + word.length }));

const exampleHit = {
  id: "3M_2018_10K:60:0",
  rank: 1,
  score: 0.049,
  company: { name: "3M", ticker: "MMM", full_ticker: "NYSE:MMM", cik: 66740 },
  filing: {
    id: "3M_2018_10K",
    type: "10-K",
    fiscal_year: 2018,
    fiscal_period: "FY",
    period_end: "2018-12-31",
    report_date: null,
    source_url: "https://investors.3m.com/financials/sec-filings/content/0001558370-19-000470/0001558370-19-000470.pdf",
    filed: { date: null, earliest: "2018-12-31", latest: "2019-03-31" },
  },
  section: { key: "PART II ITEM 8", title: "Item 8. Financial Statements and Supplementary Data" },
  page: 60,
  offsets: { start: 251_339, end: 252_874 },
  text: EXAMPLE_TEXT,
  highlights: EXAMPLE_MATCHES,
  snippet: { text: EXAMPLE_TEXT, start: 0, highlights: EXAMPLE_MATCHES },
  matched_queries: [1],
};

export const filingSearchOperation = {
  operationId: "searchFilings",
  method: "post",
  path: "/api/v1/filings/search/",
  summary: "Search filings",
  description: `Searches the passages of company filings (10-K, 10-Q, 8-K, earnings releases, annual reports) with one or more natural-language queries and optional filters, and returns the best passages with their company, filing, section, page, highlighted snippet and the queries that matched them.

Search types: \`keyword\` ranks passages by BM25 (SQLite FTS5) over their text, section and page titles and the filing's company and fiscal labels; a query matches passages holding any of its words (stopwords and question phrasing such as "round to two decimal places" are left out, and over more than 10,000 passages a word found in more than 8,000 passages of the corpus is searched only in a phrase with a neighbouring word that is as common, "rising interest rates" searching "rising" and "interest rates"; punctuation, quoted phrases and fiscal-year mentions part neighbours, words of every filing's label such as "fiscal" pair with nothing, and a query of such words only is searched as its phrases, or as its words when it has none), and a phrase of several words in double quotes is required: in every search type only passages holding it (its words side by side, matched by stem in the passage's text, headings or filing label) rank for that query. Query text is never FTS5 syntax: \`*\`, \`NEAR(\`, \`col:\`, \`-\`, \`AND\`/\`OR\` are plain words. \`vector\` ranks passages by cosine similarity of embeddings (by default a latent semantic model built from the filings themselves). \`hybrid\` (default) fuses both: each ranking's scores divided by its best, the keyword share per query growing with how many of the query's words its best keyword passage holds (leaving out words naming a company the search covers, which its filings seldom repeat); whatever the vector leg says, the best passage of each of a query's keyword rankings (its own, and the one within the filings it names) stays within the first 10 hits (before one-per-page and near-duplicate collapsing; with more such rankings than 10, as with many queries, those fusion rates highest), so a hybrid search does not lose what keywords alone find at the top. Analyst shorthand that filings spell out (capex, buybacks, comps, headcount, FCF, opex, NII, SG&A, layoffs, guidance and a few more; at most three such words a query) also searches the filings' wording ("capital expenditures", "repurchase", "comparable sales", "employees", "outlook"), without counting against the term bounds below (a request's alternatives have a read budget of their own). \`rerank: true\` re-scores the best 40 fused passages on query-word coverage (a shorthand word counts where the passage has its wording), proximity, word order, section-title and number or fiscal-year matches; a query of company names and at most two other words ("Boston Properties occupancy") is re-scored on those words alone, which the company's passages hold without repeating its name. A passage repeated near-verbatim, with the same numbers, in the company's other filings appears once, with those filings in \`also_in\` (repeated with other figures, it is a hit of its own); so does a passage of one filing whose snippet reads as an earlier hit's (a footnote printed under two tables), its page first in that hit's \`also_in\`. When the filters leave no filing to search (a \`ticker\` or \`name\` of a company without filings in the corpus, or filters that together select none), the empty \`results\` come with a \`notice\` saying why. Several queries are searched separately and fused into one ranking; \`matched_queries\` lists the indexes of the queries that retrieved each hit. Fiscal years ("FY2018", "FY22") and company names (or tickers in capitals, "XOM") a query mentions add a ranking within those filings, so "What was 3M's FY2018 capex?" finds 3M's fiscal 2018 filing first (there, part of the vector ranking embeds the query without the company's name, which says nothing about which of its passages answers); filters stay hard limits.

Bounds (each a 400 naming the query, or \`/queries\` for the request's budget): a query needs a searchable word (letters or digits: \`*\` or \`((((\` alone has none); a query has at most ${QUERY_TERM_BOUNDS.perQuery} searchable terms (words other than stopwords and question phrasing, each word of a quoted phrase counting) and the distinct queries of a request at most ${QUERY_TERM_BOUNDS.perRequest} together, since every term is one more index list to read and score; the phrases of common words read their words' lists again, so the phrases a request adds next to rarer words may hold words found in at most 150,000 passages together (taken in the order the request is searched, each query's own search and then those within the filings the queries name; a phrase that would go over is skipped). Queries that differ only in case or white space are searched once; \`matched_queries\` names each of their indexes.

Filters: \`name\` matches the company name case-insensitively, short and legal names alike ("JPMorgan", "Coca-Cola"); \`ticker\` a current or former symbol or the \`full_ticker\`; \`fiscal_year\` and \`fiscal_period\` the company's own fiscal labels (Best Buy's quarter ended July 29, 2023 is fiscal 2024 \`Q2\`; annual filings are \`FY\`; 8-Ks have a fiscal year but no period); \`filing_type\` one of \`10-K\`, \`10-Q\`, \`8-K\`, \`earnings-release\`, \`annual-report\` in any spelling (\`10K\`, \`10-k\`); an unknown type matches nothing. At most one passage per page is returned.

Dates: the corpus spans filings of 2015 to 2025, while the screener's values are as of one date (its \`as_of\`). Each hit's \`filing.filed\` says when the filing became public: \`date\` where the data has the SEC filing date (the 2024-2025 filings), and always the window it was filed in (\`earliest\` to \`latest\`: from the end of the period it reports to the SEC deadline where the date is not in the data). A filing was public by a date when \`latest\` is on or before it.

\`rerank.applied\` says whether the second stage ran. No hits is a 200 with an empty \`results\` list (and a \`notice\` when the filters left no filing to search). 502 when the search index is missing, broken or being built (with \`Retry-After\` while the database is missing or being built, when the screener operations answer 503), or when a \`vector\` search cannot embed its queries (the embedding provider fails, does not answer within EMBEDDINGS_TIMEOUT_MS, or is not the model that embedded the passages). A \`hybrid\` search whose embedding fails in any of these ways answers 200 from the keyword leg alone (the same results a \`keyword\` search gives) and says why in \`fallback\`; a \`keyword\` search never needs the embedding provider.`,
  tags: ["Filing search"],
  request: {
    schema: FilingSearchRequestSchema,
    examples: {
      oneQuery: { summary: "One question", value: { queries: ["What was 3M's capital expenditure in FY2018?"] } },
      filtered: {
        summary: "Several queries within one company's annual filings",
        value: {
          queries: ["capital expenditures", "purchases of property, plant and equipment"],
          name: "3M",
          fiscal_year: 2018,
          filing_type: "10-K",
          results: 10,
          searchtype: "hybrid",
        },
      },
      phrase: { summary: "A quoted phrase, keyword only", value: { queries: ['"goodwill impairment" retail segment'], searchtype: "keyword" } },
    },
  },
  response: {
    schema: FilingSearchResponseSchema,
    description: "The best passages, best first",
    examples: {
      hits: {
        summary: "One hit",
        value: {
          results: [exampleHit],
          searchtype: "hybrid",
          rerank: { requested: false, applied: false, note: null },
          fallback: null,
          timing_ms: { total: 41.2, embedding: 0.3, keyword: 9.8, vector: 27.5 },
        },
      },
      fallback: {
        summary: "A hybrid search answered from keywords because the embedding provider failed",
        value: {
          results: [exampleHit],
          searchtype: "hybrid",
          rerank: { requested: false, applied: false, note: null },
          fallback: { searchtype: "keyword", reason: "http://localhost:8080/v1/embeddings answered 500" },
          timing_ms: { total: 14.6, embedding: 0, keyword: 9.8, vector: 0 },
        },
      },
      none: {
        summary: "No hits",
        value: {
          results: [],
          searchtype: "keyword",
          rerank: { requested: true, applied: false, note: "Nothing matched, so there was nothing to rerank." },
          fallback: null,
          timing_ms: { total: 3.1, embedding: 0, keyword: 2.7, vector: 0 },
        },
      },
      noFilings: {
        summary: "No hits: the company has no filings in the corpus",
        value: {
          results: [],
          searchtype: "hybrid",
          rerank: { requested: false, applied: false, note: null },
          fallback: null,
          notice: { reason: "company_without_filings", message: "No filings for ZTS (Zoetis, NYSE:ZTS) in the corpus: 56 companies have filings." },
          timing_ms: { total: 0.4, embedding: 0, keyword: 0, vector: 0 },
        },
      },
    },
  },
  responseBound: ANSWER_BOUNDS.search,
  serviceErrors: {
    embedding: {
      summary: "A vector search whose embedding provider failed or timed out",
      error: new BackendError("Vector search is unavailable: the embedding provider did not answer within 5000 ms"),
    },
    building: { summary: "The search index is being built (with Retry-After)", error: searchIndexUnavailable(new DatabaseUnavailableError("building")) },
  },
} satisfies ApiOperation;

export const filingOperations: readonly ApiOperation[] = [filingSearchOperation];

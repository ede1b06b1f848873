import { FORM_GROUPS, FORM_GROUP_NAMES } from "@/lib/filings/form-groups";
import { FilingSearchV2RequestSchema, FilingSearchV2ResponseSchema, SEARCH_V2_LIMITS } from "@/lib/filings/search-v2-schema";
import type { ApiOperation, OperationExample } from "./operation";
import { filingSearchOperation } from "./filing-operations";

/**
 * The filing search's v2 operation: v1's (its examples, errors and rules) with the request members
 * v1's fixed shape cannot take. Without them it answers as v1 (plus `next_cursor`).
 */
const V2_RULES = [
  `v2 adds (each optional): \`filed\` and \`period_end\` date ranges (\`{"from": "2023-01-01", "to": "2023-12-31"}\`; a filing counts as filed within the range by its filed window, \`filing.filed\`; filings stating no period end, most 8-Ks, fall outside any \`period_end\` range); \`tickers\` and \`ciks\` (at most ${SEARCH_V2_LIMITS.companies} together; companies named by either are searched, with \`name\` narrowing them further; \`ticker\` and \`tickers\` do not go together); \`form_groups\`: ${FORM_GROUP_NAMES.map((g) => `\`${g}\` (${FORM_GROUPS[g].join(", ")})`).join(", ")}; \`exclude\`: at most ${SEARCH_V2_LIMITS.excluded} words or phrases (of at most ${SEARCH_V2_LIMITS.excludedWords} words) that no passage in the answer holds in its text, matched as the keyword index matches, by Porter stem in any case (\`layoff\` leaves out \`layoffs\`, and \`news\` leaves out \`new\`; a phrase only with its words side by side), in every search type and with \`similar_to\`, before ranking; \`sort\`: \`relevance\` (default) or \`date\` (the same hits, newest filing first by \`filing.filed.earliest\`).`,
  `Paging: a response with more hits carries \`next_cursor\`; send the same request with \`cursor\` set to it for the next \`results\` hits (ranks continue). Pages are slices of one ranking, so they never overlap; all pages together reach at most ${SEARCH_V2_LIMITS.depth} hits, and relevance paging ends when the candidates do (each search leg's best passages per query). A cursor from another request is a 400 at \`/cursor\`.`,
  "`similar_to` takes a hit's `id` and answers the passages nearest to it in the vector index (the passage itself and its near-duplicates in the company's other filings left out), within the filters, in place of `queries` (`searchtype` in the answer is `vector`; `rerank` needs queries). An id that names no passage is a 400 at `/similar_to`.",
  "Tickers or CIKs that name no company with filings answer an empty list with a `notice` (`company_without_filings`); filters that together select no filing, `no_filing_matches`. When only some of the companies named were searched, the others' hits come with a `notice` naming the rest: `some_companies_without_filings` (companies without filings in the corpus) or `some_companies_outside_filters` (companies with filings, but none the other filters match).",
].join("\n\n");

const hitsExample = filingSearchOperation.response.examples.hits;

const withCursor = (example: OperationExample, next_cursor: string | null): OperationExample => ({
  ...example,
  value: typeof example.value === "object" && example.value !== null ? { ...example.value, next_cursor } : example.value,
});

export const filingSearchV2Operation = {
  ...filingSearchOperation,
  operationId: "searchFilingsV2",
  path: "/api/v2/filings/search/",
  description: `${filingSearchOperation.description}\n\n${V2_RULES}`,
  request: {
    schema: FilingSearchV2RequestSchema,
    examples: {
      ...filingSearchOperation.request.examples,
      severalCompanies: {
        summary: "Annual and quarterly filings of several companies with periods ending in 2020-2023, newest first",
        value: {
          queries: ["interest rate risk"],
          tickers: ["JPM", "KO"],
          ciks: [66740],
          form_groups: ["annual", "quarterly"],
          period_end: { from: "2020-01-01", to: "2023-12-31" },
          sort: "date",
          results: 10,
        },
      },
      exclude: {
        summary: "Job cuts, leaving out passages about restructuring plans and severance pay",
        value: { queries: ["layoffs"], exclude: ["restructuring", "severance pay"], results: 10 },
      },
      filedRange: {
        summary: "Earnings releases and quarterly reports filed in 2023",
        value: { queries: ["guidance for fiscal 2024"], form_groups: ["earnings", "quarterly"], filed: { from: "2023-01-01", to: "2023-12-31" } },
      },
      nextPage: {
        summary: "The next page: the same request with the previous answer's next_cursor",
        value: { queries: ["share repurchases"], results: 25, cursor: "eyJvZmZzZXQiOjI1LCJyZXF1ZXN0IjoiZXB5ay1tc3d1ZENNTGpBbSJ9" },
      },
      similar: { summary: "Passages like a given one (3M's FY2018 cash flow statement)", value: { similar_to: "3M_2018_10K:60:0", results: 10 } },
    },
  },
  response: {
    schema: FilingSearchV2ResponseSchema,
    description: "The page's passages, best (or newest) first, and the cursor of the next page",
    examples: {
      ...Object.fromEntries(Object.entries(filingSearchOperation.response.examples).map(([name, example]) => [name, withCursor(example, null)])),
      // The cursor `{"queries": ["What was 3M's capital expenditure in FY2018?"], "results": 1}` answers.
      morePages: { ...withCursor(hitsExample, "eyJvZmZzZXQiOjEsInJlcXVlc3QiOiJZR0Q5Q2pLcTFOZlpXSGxQIn0"), summary: "One hit and more to come" },
    },
  },
} satisfies ApiOperation;

export const filingV2Operations: readonly ApiOperation[] = [filingSearchV2Operation];

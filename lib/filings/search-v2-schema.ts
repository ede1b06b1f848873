import { z } from "zod";
import { FORM_GROUPS, FORM_GROUP_NAMES } from "./form-groups";
import { FiledRange, PeriodEndRange } from "./search-bounds";
import { FilingSearchRequestSchema, FilingSearchResponseSchema } from "./search-schema";
import { textWords } from "./text-terms";

/**
 * Request and response of `POST /api/v2/filings/search/`: v1's, plus date ranges, several
 * companies, form groups, sort, cursor paging and similar passages. Without the new members it
 * answers as v1. Pure schemas: importable by client code.
 */
export const SEARCH_V2_LIMITS = {
  /** Tickers plus CIKs of one request. */
  companies: 50,
  /** Hits a cursor can page through, all pages together. */
  depth: 500,
  /** Words or phrases of `exclude`, and words in each. */
  excluded: 10,
  excludedWords: 6,
} as const;

export const SEARCH_SORTS = ["relevance", "date"] as const;

const notBlank = (value: string) => value.trim().length > 0;
const v1 = FilingSearchRequestSchema.shape;
const formGroupList = FORM_GROUP_NAMES.map((group) => `\`${group}\` (${FORM_GROUPS[group].join(", ")})`).join(", ");

/** v2's members over v1's, without the rules between members (extend this, then add `v2RequestRules`). */
export const FilingSearchV2RequestObject = FilingSearchRequestSchema.extend({
  queries: v1.queries.optional().meta({ description: `${v1.queries.description ?? ""} Required unless \`similar_to\` is given.`.trim() }),
  filed: FiledRange.optional().meta({ description: "Only filings filed within these dates (`from`, `to`, both optional)." }),
  period_end: PeriodEndRange.optional().meta({ description: "Only filings whose reported period ended within these dates." }),
  tickers: z
    .array(z.string().max(40, "at most 40 characters").refine(notBlank, "must not be blank"))
    .min(1, "give at least one ticker, or leave `tickers` out")
    .max(SEARCH_V2_LIMITS.companies, `at most ${SEARCH_V2_LIMITS.companies} tickers`)
    .optional()
    .meta({ description: "Several companies by ticker (current or former symbol, or `full_ticker`), case-insensitive; together with `ciks`, the companies searched." }),
  ciks: z
    .array(z.number({ error: "must be a CIK, a whole number" }).int("must be a CIK, a whole number").min(1).max(9_999_999_999))
    .min(1, "give at least one CIK, or leave `ciks` out")
    .max(SEARCH_V2_LIMITS.companies, `at most ${SEARCH_V2_LIMITS.companies} CIKs`)
    .optional()
    .meta({ description: "Several companies by SEC CIK; together with `tickers`, the companies searched." }),
  form_groups: z
    .array(z.enum(FORM_GROUP_NAMES))
    .min(1, "give at least one form group, or leave `form_groups` out")
    .max(FORM_GROUP_NAMES.length)
    .optional()
    .meta({ description: `Only filings of these groups: ${formGroupList}.` }),
  sort: z.enum(SEARCH_SORTS).default("relevance").meta({
    description: "`relevance` (default) or `date`: the same hits, newest filing first (by `filing.filed.earliest`: the filing date where known, else the end of the period it reports), ties by relevance.",
  }),
  cursor: z.string().max(200, "at most 200 characters").optional().meta({ description: "`next_cursor` of the previous page, with the same request otherwise (`results` may change)." }),
  exclude: z
    .array(
      z
        .string()
        .max(100, "at most 100 characters")
        .refine((value) => textWords(value).length > 0, "give a word or phrase (letters or digits)")
        .refine((value) => textWords(value).length <= SEARCH_V2_LIMITS.excludedWords, `at most ${SEARCH_V2_LIMITS.excludedWords} words in one phrase`),
    )
    .min(1, "give at least one word or phrase, or leave `exclude` out")
    .max(SEARCH_V2_LIMITS.excluded, `at most ${SEARCH_V2_LIMITS.excluded} words or phrases`)
    .optional()
    .meta({
      description:
        "Words or phrases a passage must not contain (EDGAR full-text search's NOT): each entry is one word or a phrase of words side by side, matched in the passage's text as the keyword index matches, by Porter stem in any case (`layoff` also leaves out `layoffs`, `restructuring` leaves out `restructure`; and, stems being crude, `news` leaves out `new`: a phrase is narrower). Every search type leaves such passages out before ranking, also with `similar_to`, and `also_in` names none.",
    }),
  similar_to: z.string().max(200, "at most 200 characters").optional().meta({
    description: "A passage `id`: the passages nearest to it in the vector index (the passage itself and its near-duplicates left out), within the filters. Replaces `queries`.",
  }),
});

/** The rules between v2's members (each issue names the member to change). */
export function v2RequestRules(request: z.output<typeof FilingSearchV2RequestObject>, ctx: z.core.$RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (request.similar_to === undefined && request.queries === undefined) issue("queries", "give at least one query, or `similar_to`");
  if (request.similar_to !== undefined && request.queries !== undefined) issue("similar_to", "give `queries` or `similar_to`, not both");
  if (request.similar_to !== undefined && request.rerank) issue("rerank", "reranking needs `queries`; leave it out with `similar_to`");
  if (request.ticker !== undefined && request.tickers !== undefined) issue("tickers", "give `ticker` or `tickers`, not both");
  const companies = (request.tickers?.length ?? 0) + (request.ciks?.length ?? 0);
  if (companies > SEARCH_V2_LIMITS.companies) issue("tickers", `${companies} tickers and CIKs together; at most ${SEARCH_V2_LIMITS.companies}`);
}

export const FilingSearchV2RequestSchema = FilingSearchV2RequestObject.superRefine(v2RequestRules);

export type FilingSearchV2Request = z.input<typeof FilingSearchV2RequestSchema>;
export type ParsedFilingSearchV2Request = z.output<typeof FilingSearchV2RequestSchema>;

export const FilingSearchV2ResponseSchema = FilingSearchResponseSchema.extend({
  next_cursor: z.string().nullable().meta({
    description: `Pass it as \`cursor\` for the next page; null on the last page (at most ${SEARCH_V2_LIMITS.depth} hits in all).`,
  }),
});

export type FilingSearchV2Response = z.infer<typeof FilingSearchV2ResponseSchema>;

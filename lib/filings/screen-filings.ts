import { z } from "zod";
import { type FieldError, ValidationError } from "@/lib/errors";
import { AdvancedScreenRequest } from "@/lib/screener/request-schema";
import { screenCompanyIds } from "@/lib/screener/service";
import { defaultSearchBackend } from "./search/backend";
import { searchFilingsV2 } from "./search/search-v2";
import { FilingSearchV2RequestObject, FilingSearchV2ResponseSchema, v2RequestRules } from "./search-v2-schema";

/** A screen's filters, as the screener endpoints take them. */
export const ScreenFilters = AdvancedScreenRequest.shape.filters;

/**
 * The browser's filing search (`POST /api/ui/filings/search/`): the public v2 request (its filed
 * range is how a screen's search defaults to filings public by its as-of date), plus an optional
 * screen whose companies the search is limited to ("search these companies' filings").
 */
export const UiFilingSearchRequest = FilingSearchV2RequestObject.extend({
  screen: z
    .strictObject({ filters: ScreenFilters })
    .optional()
    .meta({ description: "A screen (its filters, as the screener endpoints take them): only its companies' filings are searched" }),
}).superRefine(v2RequestRules);

/** Tickers a scope names for the sync command at most (a longer command is the whole market's). */
const SYNC_TICKERS = 50;

const ScreenCompany = z.object({
  full_ticker: z.string(),
  name: z.string(),
  hits: z.int().describe("Results (of this response) from this company's filings"),
});

export const UiFilingSearchResponse = FilingSearchV2ResponseSchema.extend({
  screen: z
    .object({
      companies: z.int().describe("Companies the screen selects"),
      with_filings: z.array(ScreenCompany).describe("The screen's companies that have filings in the corpus, most hits first"),
      without_filings: z
        .object({
          count: z.int().describe("The screen's companies without filings in the corpus"),
          syncable: z.int().describe("Those of them a filings sync can bring in: SEC filers and US listings"),
          tickers: z.array(z.string()).max(SYNC_TICKERS).describe(`The first ${SYNC_TICKERS} of those by name, for \`npm run sync -- filings --tickers\``),
        })
        .describe("What the corpus lacks of the screen, and the operator's command to bring it in"),
    })
    .nullable(),
});

export type UiFilingSearchResponse = z.infer<typeof UiFilingSearchResponse>;
export type ScreenScope = NonNullable<UiFilingSearchResponse["screen"]>;

export async function searchScreenFilings({ screen, ...request }: z.output<typeof UiFilingSearchRequest>): Promise<UiFilingSearchResponse> {
  if (screen === undefined) return { ...(await searchFilingsV2(request)), screen: null };
  const { selected, companies, withoutFilings } = screenCompanies(screen.filters);
  const response = await searchFilingsV2(request, defaultSearchBackend(), { ids: companies.map((c) => c.id), named: "the screen's companies" });
  const hits = new Map<string, number>();
  for (const hit of response.results) if (hit.company.full_ticker) hits.set(hit.company.full_ticker, (hits.get(hit.company.full_ticker) ?? 0) + 1);
  const withFilings = companies
    .map((c) => ({ full_ticker: c.full_ticker, name: c.name, hits: hits.get(c.full_ticker) ?? 0 }))
    .sort((a, b) => b.hits - a.hits); // stable: ties stay in name order
  return { ...response, screen: { companies: selected, with_filings: withFilings, without_filings: withoutFilings } };
}

/** How many companies a screen selects, those of them that have filings, and what the corpus lacks. */
function screenCompanies(filters: z.output<typeof ScreenFilters>) {
  const selected = new Set(screenIdsOrThrow(filters));
  const { repository } = defaultSearchBackend();
  const companies = repository
    .companiesWithFilings()
    .filter((c) => selected.has(c.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  const withIds = new Set(companies.map((c) => c.id));
  const syncable = repository.syncableTickers([...selected].filter((id) => !withIds.has(id)));
  return {
    selected: selected.size,
    companies,
    withoutFilings: { count: selected.size - companies.length, syncable: syncable.length, tickers: syncable.slice(0, SYNC_TICKERS) },
  };
}

/**
 * The scope a screen gives the filing search page before anything is searched (its filters parsed
 * by ScreenFilters); an error message when only the data can tell they are not valid.
 */
export function screenScope(filters: z.output<typeof ScreenFilters>): ScreenScope | { error: string } {
  try {
    const { selected, companies, withoutFilings } = screenCompanies(filters);
    return { companies: selected, with_filings: companies.map((c) => ({ full_ticker: c.full_ticker, name: c.name, hits: 0 })), without_filings: withoutFilings };
  } catch (error) {
    if (error instanceof ValidationError) return invalidScreen(error.errors);
    throw error;
  }
}

/** The screen scope's answer for filters that are not valid. */
export const invalidScreen = (errors: FieldError[]) => ({ error: `The screen's filters are not valid: ${new ValidationError(errors).message}` });

/** The screen's company ids; its errors point into `screen` of this request. */
function screenIdsOrThrow(filters: z.output<typeof ScreenFilters>): number[] {
  try {
    return screenCompanyIds(filters);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.errors.map((e: FieldError) => ({ ...e, pointer: `/screen${e.pointer}` })));
  }
}

import { z } from "zod";

/**
 * A filer's EDGAR submissions (`https://data.sec.gov/submissions/CIK##########.json`) and the
 * filings `npm run sync -- filings` takes from them. The file lists the latest filings (at least a
 * year's, up to 1,000) as parallel arrays under `filings.recent`; older ones sit in the files named
 * under `filings.files`, each the same arrays at its top level.
 */

/** The parallel arrays of one page of filings (the fields the sync reads). */
export const FilingColumns = z
  .object({
    accessionNumber: z.array(z.string().regex(/^\d{10}-\d{2}-\d{6}$/, "not an accession number")),
    filingDate: z.array(z.iso.date()),
    reportDate: z.array(z.union([z.iso.date(), z.literal("")])),
    form: z.array(z.string()),
    items: z.array(z.string()),
    primaryDocument: z.array(z.string()),
    isInlineXBRL: z.array(z.union([z.literal(0), z.literal(1)])),
  })
  .refine((c) => Object.values(c).every((column) => column.length === c.accessionNumber.length), "the filing columns differ in length");

export const Submissions = z.object({
  cik: z.union([z.string(), z.number()]).transform((cik) => Number(cik)),
  name: z.string(),
  tickers: z.array(z.string()),
  /** The fiscal year's last month and day, `MMDD` (`0928`: late September). */
  fiscalYearEnd: z.string().nullable(),
  filings: z.object({
    recent: FilingColumns,
    files: z.array(z.object({ name: z.string(), filingFrom: z.iso.date(), filingTo: z.iso.date() })),
  }),
});
export type Submissions = z.output<typeof Submissions>;

export interface ListedFiling {
  cik: number;
  accession: string;
  filed: string;
  /** The period the filing reports (null where EDGAR gives none). */
  reportDate: string | null;
  form: string;
  /** 8-K item numbers (`2.02`: results of operations). */
  items: string[];
  primaryDocument: string;
  inlineXbrl: boolean;
}

/** One page of filing columns as filings. */
export function listFilings(cik: number, columns: z.output<typeof FilingColumns>): ListedFiling[] {
  return columns.accessionNumber.map((accession, i) => ({
    cik,
    accession,
    filed: columns.filingDate[i]!,
    reportDate: columns.reportDate[i] || null,
    form: columns.form[i]!,
    items: columns.items[i]!.split(",").map((item) => item.trim()).filter(Boolean),
    primaryDocument: columns.primaryDocument[i]!,
    inlineXbrl: columns.isInlineXBRL[i] === 1,
  }));
}

/** The forms synced by default: annual and quarterly reports, foreign filers' annual reports, and 8-K earnings releases. */
export const DEFAULT_FORMS = ["10-K", "10-Q", "8-K", "20-F", "40-F"] as const;
const ANNUAL_FORMS = new Set(["10-K", "20-F", "40-F"]);
/** An 8-K's item "Results of Operations and Financial Condition": the earnings release (its exhibit 99). */
export const EARNINGS_ITEM = "2.02";

export interface FilingChoice {
  forms: readonly string[];
  /** Fiscal years back from the latest annual report's period. */
  years: number;
}

/**
 * The filings of the forms asked whose period falls in the last `years` fiscal years: those ending
 * after the same day `years` years before the latest annual report's period (its fiscal year and
 * the earlier ones), and everything filed for the periods since. An 8-K counts only as an earnings
 * release (item 2.02), dated by its filing day. Amendments are left out: the original is indexed.
 */
export function chooseFilings(filings: readonly ListedFiling[], choice: FilingChoice): ListedFiling[] {
  const forms = new Set(choice.forms);
  const annual = filings.filter((f) => ANNUAL_FORMS.has(f.form) && f.reportDate !== null).map((f) => f.reportDate!);
  const latest = annual.length > 0 ? annual.sort().at(-1)! : filings.map((f) => f.filed).sort().at(-1);
  if (latest === undefined) return [];
  const from = `${Number(latest.slice(0, 4)) - choice.years}${latest.slice(4)}`;
  return filings
    .filter((f) => forms.has(f.form) && (f.form !== "8-K" || f.items.includes(EARNINGS_ITEM)) && (f.reportDate ?? f.filed) > from)
    .sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : a.accession < b.accession ? -1 : 1));
}

/** A filing's folder in EDGAR's archives (`/Archives/edgar/data/<cik>/<accession without dashes>/`). */
export const filingFolder = (filing: Pick<ListedFiling, "cik" | "accession">) => `/Archives/edgar/data/${filing.cik}/${filing.accession.replaceAll("-", "")}/`;

export const submissionsPath = (cik: number) => `/submissions/CIK${String(cik).padStart(10, "0")}.json`;

/** The filing folder's index (`index.json`): the documents the 8-K's exhibit is found among. */
export const FilingIndex = z.object({
  directory: z.object({ item: z.array(z.object({ name: z.string(), type: z.string().optional(), size: z.union([z.string(), z.number()]).optional() })) }),
});

/**
 * An earnings 8-K's press release: the exhibit 99 document (`…ex991.htm`, `ex99-1.htm`, `exhibit991.htm`),
 * the first such in name order; null when the folder lists none.
 */
export function earningsExhibit(index: z.output<typeof FilingIndex>, primaryDocument: string): string | null {
  const names = index.directory.item.map((i) => i.name).filter((name) => name !== primaryDocument && /\.html?$/i.test(name));
  return names.filter((name) => /ex[-_]?99(?:[-_.]?0?1)?\b|exhibit[-_]?99/i.test(name)).sort()[0] ?? null;
}

import { z } from "zod";

/**
 * Bounds a search takes besides its v1 request (its shape is the spec's): used by the app's own
 * search (a screen's companies, filings public by its as-of date) and by the v2 search (date
 * ranges, several companies, form groups). Pure: importable by client code.
 */
const IsoDate = z.iso.date({ error: "must be a date, YYYY-MM-DD" });

/** A `{from?, to?}` date range whose `from` is not after its `to`. */
const dateRange = (from: string, to: string) =>
  z
    .strictObject({ from: IsoDate.optional().meta({ description: from }), to: IsoDate.optional().meta({ description: to }) })
    .refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, { message: "`from` must not be after `to`", path: ["from"] });

export const FiledRange = dateRange(
  "Only filings filed on or after this date (by the earliest date it can have been filed).",
  "Only filings public on or before this date: filed by then, or, where the filed date is not in the data, due by then under the SEC deadlines.",
);

export const PeriodEndRange = dateRange(
  "Only filings whose reported period ended on or after this date.",
  "Only filings whose reported period ended on or before this date (filings that state no period end, most 8-Ks, are left out by either bound).",
);

export type FiledRange = z.infer<typeof FiledRange>;
export type PeriodEndRange = z.infer<typeof PeriodEndRange>;

export interface SearchBounds {
  /** Only these companies' filings (null or absent: every company). */
  companyIds?: readonly number[] | null;
  filed?: FiledRange;
  periodEnd?: PeriodEndRange;
  /** Only filings of these types (product names, filing-types.ts). */
  filingTypes?: readonly string[];
  /** The bounds as the request names them, for an empty result's notice (default: a screen's companies and filed dates). */
  named?: string[];
  /** Words and phrases (word lists) no passage of the results may contain (v2 `exclude`). */
  exclude?: string[][];
}

import { z } from "zod";

/**
 * Bounds a search takes besides its public request: not part of the v1 request (its shape is the
 * spec's), used by the app's own search (a screen's companies, filings public by its as-of date)
 * and shaped for a later search API with date filters. Pure: importable by client code.
 */
const IsoDate = z.iso.date({ error: "must be a date, YYYY-MM-DD" });

export const FiledRange = z
  .strictObject({
    from: IsoDate.optional().meta({ description: "Only filings filed on or after this date (by the earliest date it can have been filed)." }),
    to: IsoDate.optional().meta({
      description: "Only filings public on or before this date: filed by then, or, where the filed date is not in the data, due by then under the SEC deadlines.",
    }),
  })
  .refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, { message: "`from` must not be after `to`", path: ["from"] });

export type FiledRange = z.infer<typeof FiledRange>;

export interface SearchBounds {
  /** Only these companies' filings (null or absent: every company). */
  companyIds?: readonly number[] | null;
  filed?: FiledRange;
}

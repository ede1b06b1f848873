import { readCuratedCsv } from "./read-sources";
import { BundledFileError } from "./compressed-files";
import { labelKey } from "./industries";

/** A place in the GICS structure effective 2016-09-01; `subIndustry` is null where only the industry is known. */
export interface Gics2016 {
  sector: string;
  industryGroup: string | null;
  industry: string | null;
  subIndustry: string | null;
}

/** The current (FinanceDatabase or 2026 S&P 500 list) classification of a company, GICS 2018 structure. */
export interface CurrentClassification {
  sector: string | null;
  industryGroup: string | null;
  industry: string | null;
}

export interface Gics2016Taxonomy {
  /** A 2016 S&P 500 list's sub-industry label, as that list spells it. */
  fromList2016(subIndustry: string | null): Gics2016 | null;
  /** A current classification, mapped into the 2016 structure by its industry (see data/curated/gics-2016-labels.csv). */
  fromCurrent(current: CurrentClassification): Gics2016 | null;
}

/**
 * The GICS structure effective 2016-09-01 (data/curated/gics-2016.csv) with the curated labels
 * that place other spellings in it (data/curated/gics-2016-labels.csv): the 2016 S&P 500 list's
 * older or loose labels, and the GICS 2018 industries FinanceDatabase uses.
 */
export function loadGics2016(structureFile: string, labelsFile: string): Gics2016Taxonomy {
  const byCode = new Map<string, Gics2016>();
  const sectors = new Set<string>();
  const byName = { subIndustry: new Map<string, Gics2016>(), industry: new Map<string, Gics2016>() };
  for (const row of readCuratedCsv(structureFile)) {
    const sub: Gics2016 = { sector: row.sector!, industryGroup: row.industry_group!, industry: row.industry!, subIndustry: row.sub_industry! };
    const industry: Gics2016 = { ...sub, subIndustry: null };
    byCode.set(row.sub_industry_code!, sub);
    byCode.set(row.industry_code!, industry);
    byName.subIndustry.set(labelKey(sub.subIndustry!), sub);
    byName.industry.set(labelKey(row.industry!), industry);
    sectors.add(row.sector!);
  }
  const labels = { "sp500-2016": new Map<string, Gics2016>(), financedatabase: new Map<string, Gics2016>() };
  readCuratedCsv(labelsFile).forEach((row, i) => {
    const place = byCode.get(row.gics_2016_code!);
    const source = row.source === "sp500-2016" || row.source === "financedatabase" ? labels[row.source] : undefined;
    if (!place || !source) throw new BundledFileError(labelsFile, `row ${i + 2}: unknown source or GICS 2016 code`);
    source.set(labelKey(row.label!), place);
  });
  const fromCurrentIndustry = (industry: string) => labels.financedatabase.get(labelKey(industry)) ?? byName.industry.get(labelKey(industry)) ?? null;
  return {
    fromList2016: (subIndustry) =>
      subIndustry === null ? null : (byName.subIndustry.get(labelKey(subIndustry)) ?? labels["sp500-2016"].get(labelKey(subIndustry)) ?? null),
    // A sector without an industry keeps its name where GICS 2016 has that sector.
    fromCurrent: ({ sector, industry }) =>
      industry !== null
        ? fromCurrentIndustry(industry)
        : sector !== null && sectors.has(sector)
          ? { sector, industryGroup: null, industry: null, subIndustry: null }
          : null,
  };
}

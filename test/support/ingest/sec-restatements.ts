/**
 * Restatements in real SEC companyfacts files, read as they are (independently of the ingest's code):
 * a value of a period that a later annual report gives differently from the report before it.
 */
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";

export interface RawFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  form: string;
  filed: string;
}
export interface RawCompanyFacts {
  entityName: string;
  facts: Record<string, Record<string, { units: Record<string, RawFact[]> }>>;
}

export interface Restatement {
  company: string;
  concept: string;
  unit: string;
  start: string | undefined;
  end: string;
  /** The report before the restating one (the original, or an earlier restatement). */
  before: RawFact;
  restated: RawFact;
}

const ANNUAL_REPORTS = ["10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A"];
const days = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000;

export const readCompanyFacts = (file: string): RawCompanyFacts => JSON.parse(brotliDecompressSync(readFileSync(file)).toString("utf8")) as RawCompanyFacts;

/** Every change of a full-year or instant value of one concept and period from one annual report to the next. */
export function restatements(companyFacts: RawCompanyFacts): Restatement[] {
  const found: Restatement[] = [];
  for (const taxonomy of ["us-gaap", "ifrs-full"]) {
    for (const [concept, { units }] of Object.entries(companyFacts.facts[taxonomy] ?? {})) {
      for (const [unit, facts] of Object.entries(units)) {
        const periods = new Map<string, RawFact[]>();
        for (const f of facts) {
          if (!ANNUAL_REPORTS.includes(f.form) || (f.start !== undefined && (days(f.start, f.end) < 340 || days(f.start, f.end) > 380))) continue;
          const key = `${f.start ?? ""}/${f.end}`;
          periods.set(key, [...(periods.get(key) ?? []), f]);
        }
        for (const reports of periods.values()) {
          reports.sort((a, b) => a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn));
          for (let i = 1; i < reports.length; i++) {
            const [before, restated] = [reports[i - 1]!, reports[i]!];
            if (restated.val !== before.val) found.push({ company: companyFacts.entityName, concept, unit, start: restated.start, end: restated.end, before, restated });
          }
        }
      }
    }
  }
  return found;
}

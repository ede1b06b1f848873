import { MAPPED_METRICS } from "./companyfacts";
import type { FiscalYearInputs } from "./fiscal-years";

export interface MappingCounts {
  companies: number;
  fiscalYears: number;
  /** Per metric, the fiscal years whose value no tag of the mapping filled (stored as null). */
  unfilled: Record<string, number>;
}

/** Counts the values the SEC companyfacts mapping left null, for the ingest and sync reports. */
export class MappingReport {
  private companies = 0;
  private fiscalYears = 0;
  private readonly unfilled = new Map<string, number>(MAPPED_METRICS.map((metric) => [metric, 0]));

  add(years: readonly FiscalYearInputs[]): void {
    this.companies++;
    this.fiscalYears += years.length;
    for (const year of years) {
      for (const metric of MAPPED_METRICS) if (year[metric] === null) this.unfilled.set(metric, this.unfilled.get(metric)! + 1);
    }
  }

  counts(): MappingCounts {
    return { companies: this.companies, fiscalYears: this.fiscalYears, unfilled: Object.fromEntries(this.unfilled) };
  }

  describe(): string {
    const gaps = [...this.unfilled].filter(([, n]) => n > 0).map(([metric, n]) => `${metric} ${n}`);
    return `${this.companies} companies, ${this.fiscalYears} fiscal years; values not filled: ${gaps.join(", ") || "none"}`;
  }
}

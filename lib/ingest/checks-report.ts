import type { CheckLog } from "./fundamentals-checks";

/** The checks' counts over the universe, as the ingest prints them. */
export class ChecksReport {
  private excluded = 0;
  private readonly filled = new Map<string, number>();
  private readonly examples: string[] = [];

  add(subject: string, log: CheckLog) {
    this.excluded += log.excluded.size;
    for (const { metric } of log.filled.values()) this.filled.set(metric, (this.filled.get(metric) ?? 0) + 1);
    for (const check of log.excluded.values()) if (this.examples.length < 5) this.examples.push(`${subject} FY${check.fiscalYear}: ${check.detail}`);
  }

  describe(): string {
    const filled = [...this.filled].map(([metric, n]) => `${metric} ${n}`).join(", ") || "none";
    return `EPS and share counts left out: ${this.excluded} fiscal years; values taken from the 10-Ks where the source had none: ${filled}${this.examples.map((e) => `\n  ${e}`).join("")}`;
  }
}

import { BarChart } from "@/components/charts/bar-chart";
import type { FiscalYearRecord, FundamentalsDifference } from "@/lib/companies/company-repository";
import { FIELD_BY_NAME, FIELDS } from "@/lib/screener/catalog";
import { formatExact, formatValue } from "@/lib/screener/value-format";

const SOURCES: Record<string, string> = {
  sec: "SEC XBRL companyfacts (10-K fiscal-year values)",
  kaggle: "the Kaggle NYSE fundamentals file",
};

const CHART_METRICS = ["revenue", "operatingIncome", "netIncome"] as const;

const shareCount = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 3 });

/** How the differences table names and writes a compared metric (share counts are not a screener field). */
function comparedMetric(metric: string): { label: string; format: (value: number | null) => string } {
  const field = FIELD_BY_NAME.get(metric);
  if (field) return { label: field.label, format: (value) => formatValue(value, field.unit) };
  if (metric === "sharesOutstanding") return { label: "Shares outstanding", format: (value) => (value === null ? "—" : `${shareCount.format(value)} shares`) };
  return { label: metric, format: (value) => formatValue(value, "number") };
}

/** Fiscal-year fundamentals of a company: a chart of the income lines and a table of every metric, oldest year first. */
export function FiscalHistory({ years, source, differences }: { years: FiscalYearRecord[]; source: string | null; differences: FundamentalsDifference[] }) {
  // The screener's fiscal-year metrics that the fiscal_years table holds per year (the year and its end head the columns).
  const metrics = FIELDS.filter(
    (f) => (f.category === "Fundamentals (latest fiscal year)" || f.category === "Profitability") && f.unit !== "integer" && f.unit !== "date" && f.name in years[0]!,
  );
  const labels = years.map((y) => `FY${y.fiscal_year}`);
  return (
    <section aria-labelledby="fundamentals" className="mt-8">
      <h2 id="fundamentals" className="text-sm font-semibold">
        Fundamentals by fiscal year
      </h2>
      <p className="mt-0.5 text-xs text-zinc-500">
        From {SOURCES[source ?? ""] ?? "the bundled fundamentals"}; fiscal years public on or before the as-of date (hover a year for its public date), values in {years[0]!.currency}; EPS restated to the
        as-of share basis.
      </p>
      <div className="mt-2">
        <BarChart
          categories={labels}
          unit="usd"
          label="Income statement, USD"
          series={CHART_METRICS.map((name) => ({ name: FIELD_BY_NAME.get(name)!.label, values: years.map((y) => y[name] as number | null) }))}
        />
      </div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[640px] text-[13px]" data-testid="fiscal-table">
          <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800">
            <tr>
              <th scope="col" className="py-1 text-left font-medium">
                Metric
              </th>
              {years.map((y, i) => (
                <th key={y.fiscal_year} scope="col" className="py-1 text-right font-medium" title={`Fiscal year ended ${y.period_end}, public ${y.public_date} (${y.source})`}>
                  {labels[i]}
                  <span className="block font-normal text-[11px]">{y.period_end}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {metrics.map((f) => (
              <tr key={f.name} className="border-b border-zinc-100 dark:border-zinc-900" data-metric={f.name}>
                <th scope="row" className="py-0.5 text-left font-normal text-zinc-600 dark:text-zinc-400" title={f.description}>
                  {f.label}
                </th>
                {years.map((y) => (
                  <td key={y.fiscal_year} className="num py-0.5 font-mono text-[12px]" title={formatExact(y[f.name], f.unit)}>
                    {formatValue(y[f.name], f.unit)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {differences.length > 0 && (
        <details className="mt-3 text-xs">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
            {differences.length} values differ between SEC companyfacts (shown) and the Kaggle file
          </summary>
          <table className="mt-1 text-[12px]" data-testid="fundamentals-differences">
            <thead className="text-zinc-500">
              <tr>
                <th className="pr-4 text-left font-medium">Fiscal year</th>
                <th className="pr-4 text-left font-medium">Metric</th>
                <th className="pr-4 text-right font-medium">SEC</th>
                <th className="pr-4 text-right font-medium">Kaggle</th>
                <th className="text-right font-medium" title="(Kaggle − SEC) / SEC">Difference</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((d) => {
                const { label, format } = comparedMetric(d.metric);
                return (
                  <tr key={`${d.fiscal_year}-${d.metric}`}>
                    <td className="pr-4">FY{d.fiscal_year}</td>
                    <td className="pr-4">{label}</td>
                    <td className="num pr-4 font-mono">{format(d.sec_value)}</td>
                    <td className="num pr-4 font-mono">{format(d.kaggle_value)}</td>
                    <td className="num font-mono">{formatValue(d.relative_difference, "percent")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}

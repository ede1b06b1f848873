import { StaleValue } from "@/components/ui/stale-value";
import { type FieldCategory, FIELDS } from "@/lib/screener/catalog";
import { FISCAL_YEAR_VALUE_FIELDS, isStale, STALE_AFTER_MONTHS, staleNote } from "@/lib/screener/staleness";
import { formatExact, formatValue } from "@/lib/screener/value-format";

/**
 * A company's snapshot values of the screener fields in the given categories, labelled as the
 * screener labels them; those resting on a stale latest fiscal year (as of `asOf`) are marked.
 */
export function MetricList({ company, categories, asOf }: { company: Record<string, unknown>; categories: readonly FieldCategory[]; asOf: string }) {
  const fields = FIELDS.filter((f) => categories.includes(f.category));
  const periodEnd = company.period_end;
  const stale = typeof periodEnd === "string" && isStale(periodEnd, asOf) ? staleNote(company.fiscal_year, periodEnd, asOf) : null;
  return (
    <>
      {stale && (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-300" data-testid="stale-fundamentals">
          Latest fiscal year {stale}: more than {STALE_AFTER_MONTHS} months, so the values built on it are marked stale.
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 text-[13px]" data-testid="company-metrics">
        {fields.map((f) => {
          const value = company[f.name];
          const text = formatValue(value, f.unit);
          const marked = stale !== null && FISCAL_YEAR_VALUE_FIELDS.includes(f.name) && value !== null && value !== undefined;
          return (
            <div key={f.name} className="contents" data-field={f.name}>
              <dt className="text-zinc-500" title={f.description}>
                {f.label}
              </dt>
              <dd className="num font-mono text-[12px]" title={marked ? `${formatExact(value, f.unit)}: stale, ${stale}` : formatExact(value, f.unit)} data-stale={marked ? "" : undefined}>
                {marked ? <StaleValue text={text} /> : text}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

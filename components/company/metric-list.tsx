import { type FieldCategory, FIELDS } from "@/lib/screener/catalog";
import { formatExact, formatValue } from "@/lib/screener/value-format";

/** A company's snapshot values of the screener fields in the given categories, labelled as the screener labels them. */
export function MetricList({ company, categories }: { company: Record<string, unknown>; categories: readonly FieldCategory[] }) {
  const fields = FIELDS.filter((f) => categories.includes(f.category));
  return (
    <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 text-[13px]" data-testid="company-metrics">
      {fields.map((f) => (
        <div key={f.name} className="contents" data-field={f.name}>
          <dt className="text-zinc-500" title={f.description}>
            {f.label}
          </dt>
          <dd className="num font-mono text-[12px]" title={formatExact(company[f.name], f.unit)}>
            {formatValue(company[f.name], f.unit)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { HistogramChart } from "@/components/charts/histogram-chart";
import { BusyIndicator } from "@/components/ui/busy-indicator";
import { Select } from "@/components/ui/controls";
import { postUi } from "@/lib/api/ui-client";
import { FIELD_BY_NAME } from "@/lib/screener/catalog";
import { DISTRIBUTION_FIELDS, type DistributionResponse } from "@/lib/screener/distribution-schema";
import { formatCount, formatValue } from "@/lib/screener/value-format";

/**
 * The result-set charts: the chosen column's histogram over every matching company against the
 * whole data set's, the filter's bounds marked, and the matches' sector mix. Counted on the server
 * (POST /api/ui/screener/distribution/), so they cover all matches, not the page shown.
 */
/** A column a rule of the screen computes (the rows response's temporary columns). */
export interface RuleColumn {
  name: string;
  label: string;
}

export interface ResultChartsProps {
  filters: Record<string, unknown>;
  /** The screen's as-of date, if not the default. */
  asOf?: string;
  sortField: string;
  ruleColumns: RuleColumn[];
}

export function ResultCharts({ filters, asOf, sortField, ruleColumns }: ResultChartsProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const chartable = [...DISTRIBUTION_FIELDS, ...ruleColumns.map((c) => c.name)];
  // A chosen rule column that the screen no longer computes falls back like an unchosen one.
  const field = chosen !== null && chartable.includes(chosen) ? chosen : chartable.includes(sortField) ? sortField : "marketCap_usd";
  const result = useQuery({
    queryKey: ["distribution", field, JSON.stringify(filters), asOf],
    queryFn: ({ signal }) => postUi<DistributionResponse>("/api/ui/screener/distribution/", { filters, field, ...(asOf ? { as_of: asOf } : {}) }, { signal }),
    staleTime: Infinity,
  });
  const data = result.data;
  return (
    <div className="grid gap-4 px-3 py-2 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="result-charts">
      <section aria-labelledby="distribution-heading">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="distribution-heading" className="text-xs font-semibold">
            Distribution of
          </h2>
          <Select aria-label="Column to chart" value={field} onChange={(e) => setChosen(e.target.value)} className="w-auto">
            {DISTRIBUTION_FIELDS.map((name) => (
              <option key={name} value={name}>
                {FIELD_BY_NAME.get(name)!.label}
              </option>
            ))}
            {ruleColumns.length > 0 && (
              <optgroup label="This screen's rule columns">
                {ruleColumns.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            )}
          </Select>
          <BusyIndicator busy={result.isFetching} label="Loading the distribution" />
        </div>
        {result.isError && (
          <p role="alert" className="mt-1 text-xs text-red-800 dark:text-red-300">
            The distribution could not be loaded: {result.error.message}
          </p>
        )}
        {data && (
          <>
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="distribution-summary">
              <span className="mr-1 inline-block size-2.5 rounded-sm bg-sky-700 align-middle dark:bg-sky-400" aria-hidden />
              {formatCount(data.matches_with_value)} of the {formatCount(data.total)} matches have a value
              <span className="mr-1 ml-3 inline-block size-2.5 rounded-sm bg-zinc-300 align-middle dark:bg-zinc-700" aria-hidden />
              all {formatCount(data.universe_with_value)} companies with one{data.histogram.scale === "log" ? " · bins on a log scale" : ""}
              {data.histogram.open_below || data.histogram.open_above ? " · end bins also hold the outer 1%" : ""}
            </p>
            <HistogramChart
              edges={data.histogram.edges}
              universe={data.histogram.universe}
              matches={data.histogram.matches}
              scale={data.histogram.scale}
              openBelow={data.histogram.open_below}
              openAbove={data.histogram.open_above}
              bounds={data.bounds}
              format={(v) => formatValue(v, data.unit)}
              label={`Histogram of ${data.label}: ${data.matches_with_value} matching companies over ${data.universe_with_value} in the data set`}
            />
          </>
        )}
      </section>
      {data && <SectorMix sectors={data.sectors} total={data.total} />}
    </div>
  );
}

/** The matches per sector as labelled bars; every count is written out. */
function SectorMix({ sectors, total }: { sectors: DistributionResponse["sectors"]; total: number }) {
  const most = Math.max(1, ...sectors.map((s) => s.companies));
  return (
    <section aria-labelledby="sector-mix-heading">
      <h2 id="sector-mix-heading" className="text-xs font-semibold">
        Sector mix of the {formatCount(total)} matches
      </h2>
      <ul className="mt-1 space-y-0.5 text-xs" data-testid="sector-mix">
        {sectors.map(({ sector, companies }) => (
          <li key={sector ?? ""} className="grid grid-cols-[minmax(8rem,12rem)_1fr_5.5rem] items-center gap-2" data-sector={sector ?? ""} data-companies={companies}>
            <span className="truncate" title={sector ?? "No sector"}>
              {sector ?? "No sector"}
            </span>
            <span className="h-2.5 rounded-sm bg-sky-700 dark:bg-sky-400" style={{ width: `${(companies / most) * 100}%` }} aria-hidden />
            <span className="text-right font-mono tabular-nums">
              {formatCount(companies)} · {((companies / Math.max(1, total)) * 100).toFixed(0)}%
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

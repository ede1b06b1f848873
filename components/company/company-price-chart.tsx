import { PriceChart } from "@/components/charts/price-chart";
import { benchmarkIndex } from "@/lib/companies/benchmark";
import type { PricePoint } from "@/lib/companies/company-repository";
import { rebasedCloses, volumesOnLastBasis } from "@/lib/companies/price-history";

/** A company's prices up to the as-of date beside the equal-weighted benchmark of the same days. */
export function CompanyPriceChart({ prices, asOf }: { prices: PricePoint[]; asOf: string }) {
  const index = benchmarkIndex(asOf);
  const byDate = new Map(index.dates.map((d, i) => [d, index.values[i]!]));
  return (
    <PriceChart
      dates={prices.map((p) => p.date)}
      closes={rebasedCloses(prices)}
      volumes={volumesOnLastBasis(prices)}
      volumeLabel={`Volume (shares traded, on the share basis of ${prices.at(-1)!.date})`}
      benchmark={prices.map((p) => byDate.get(p.date) ?? null)}
      benchmarkLabel={`Benchmark: equal-weighted mean of the daily returns of all ${index.companies} companies with prices (adjusted closes), rebased to this close at the range's start`}
      label={`Close adjusted for splits and dividends, on the share basis of ${prices.at(-1)!.date}`}
    />
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import type { TypedScreenerOptions } from "@/lib/screener/options";
import { formatCount } from "@/lib/screener/value-format";
import { postUi } from "@/lib/api/ui-client";

interface Funnel {
  universe: number;
  steps: { filter: string; total: number }[];
}

/**
 * An empty screen, explained: the companies left after each filter in turn, so the filter that
 * removed the last ones stands out.
 */
export function EmptyResults({ body, options }: { body: { filters: Record<string, unknown>; as_of?: string }; options: TypedScreenerOptions }) {
  const hasFilters = Object.keys(body.filters).length > 0;
  const funnel = useQuery({
    queryKey: ["funnel", JSON.stringify(body.filters), body.as_of],
    queryFn: ({ signal }) =>
      postUi<Funnel>("/api/ui/screener/funnel/", { filters: body.filters, order: Object.keys(body.filters), ...(body.as_of ? { as_of: body.as_of } : {}) }, { signal }),
    enabled: hasFilters,
    staleTime: Infinity,
  });
  const culprit = funnel.data?.steps.find((s) => s.total === 0);
  return (
    <div className="m-4 max-w-xl rounded-md border border-zinc-200 p-3 text-[13px] dark:border-zinc-800" data-testid="empty-results">
      <p className="font-medium">No company matches every filter{body.as_of ? ` as of ${body.as_of}` : ""}.</p>
      {culprit && (
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">
          <strong>{options.filters[culprit.filter]?.label ?? culprit.filter}</strong> removed the last companies. Loosen it or remove it.
        </p>
      )}
      {funnel.isPending && hasFilters && <p className="mt-1 text-xs text-zinc-500">Counting what each filter leaves…</p>}
      {funnel.data && (
        <table className="mt-2 text-xs" aria-label="Companies left after each filter">
          <tbody>
            <tr>
              <td className="pr-4 text-zinc-500">All companies</td>
              <td className="num">{formatCount(funnel.data.universe)}</td>
            </tr>
            {funnel.data.steps.map((step, i) => (
              <tr key={step.filter} className={step === culprit ? "font-semibold text-red-700 dark:text-red-400" : ""}>
                <td className="pr-4">
                  {i === 0 ? "" : "+ "}
                  {options.filters[step.filter]?.label ?? step.filter}
                </td>
                <td className="num">{formatCount(step.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-2 text-xs text-zinc-500">
        Market data and fundamentals cover S&amp;P 500 members only; most of the universe has a business profile alone.
      </p>
    </div>
  );
}

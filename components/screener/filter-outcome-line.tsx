import type { FilterOutcome } from "@/lib/screener/response-schema";
import { formatCount } from "@/lib/screener/value-format";

/**
 * Of the companies the rest of the screen keeps: how many this filter kept, how many failed its
 * condition, and how many it left out because their data is missing, with the reasons.
 */
export function FilterOutcomeLine({ outcome }: { outcome: FilterOutcome }) {
  return (
    <div data-testid="filter-outcome" className="mt-1.5 border-t border-zinc-100 pt-1 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <p>
        {formatCount(outcome.passed)} kept · {formatCount(outcome.failed)} failed the condition
        {outcome.missing > 0 && (
          <>
            {" · "}
            <strong className="font-medium text-amber-800 dark:text-amber-300">{formatCount(outcome.missing)} left out for missing data</strong>
          </>
        )}
      </p>
      {outcome.missing_reasons.length > 0 && (
        <ul className="text-amber-800 dark:text-amber-300">
          {outcome.missing_reasons.map((r) => (
            <li key={r.reason}>
              <span className="tabular-nums">{formatCount(r.companies)}</span>: {r.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

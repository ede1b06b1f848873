import { WorkUnavailableError } from "@/lib/errors";
import type { TimeBudget } from "@/lib/time-budget";

/**
 * A long run of steps (a backtest's periods, a history's days) that will not finish within its
 * deadline stops as soon as its pace says so, rather than when the deadline has been spent: a 503
 * that names the pace and what to ask for instead. `secondAt` is when step 1 (the second) began:
 * the first warms what the others reuse. Judged after three steps from there, and once a tenth of
 * them or a second has passed, so that a year's history (253 days) is judged on more than its first
 * few, whose pages are read cold, and slow steps are still judged long before the deadline.
 */
export function checkPace(secondAt: number, done: number, total: number, budget: TimeBudget, words: { what: string; steps: string; advice: string }): void {
  const measured = done - 1;
  const now = Date.now();
  if (measured < 3 || (measured < total / 10 && now - secondAt < 1000)) return;
  const perStep = (now - secondAt) / measured;
  if (now + perStep * (total - done) <= budget.deadlineAt) return;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  throw new WorkUnavailableError(
    "deadline",
    `This ${words.what} would not finish within its ${seconds(budget.deadlineMs)} deadline: its ${total} ${words.steps} take about ${Math.round(perStep)} ms each on this server now, ${seconds(perStep * (total - done))} for the rest with ${seconds(Math.max(0, budget.deadlineAt - now))} left (the deadline counts from arrival, waiting included). Choose ${words.advice}, or retry when the server is less busy.`,
    5,
    true,
  );
}

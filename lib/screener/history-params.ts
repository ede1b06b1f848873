/** The History view's range, as the screener URL holds it (`tab=history&from=…&to=…`). */
export interface HistoryParams {
  from: string;
  to: string;
}

/**
 * A month of 2016 (about 6,000 priced companies a day): the view's range until one is chosen. A
 * quarter of 2016, the most a request covers, took 9.6 s of its 10 s deadline on an idle 2-core
 * machine (npm run bench:history): too near it for the first thing the view shows.
 */
export const DEFAULT_HISTORY: HistoryParams = { from: "2016-06-01", to: "2016-06-30" };

/** The history request of a screen: the body of `POST /api/v2/screener/history/` (and the page's own endpoint). */
export const historyRequestBody = (filters: Record<string, unknown>, params: HistoryParams, formulas: readonly unknown[] = [], page = { limit: 500, offset: 0 }) => ({
  filters,
  ...(formulas.length > 0 ? { formulas } : {}),
  ...params,
  page,
});

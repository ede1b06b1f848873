/** The History view's range, as the screener URL holds it (`tab=history&from=…&to=…`). */
export interface HistoryParams {
  from: string;
  to: string;
}

/** A quarter of 2016 (about 6,000 priced companies a day): the view's range until one is chosen. */
export const DEFAULT_HISTORY: HistoryParams = { from: "2016-04-01", to: "2016-06-30" };

/** The history request of a screen: the body of `POST /api/v2/screener/history/` (and the page's own endpoint). */
export const historyRequestBody = (filters: Record<string, unknown>, params: HistoryParams, formulas: readonly unknown[] = [], page = { limit: 500, offset: 0 }) => ({
  filters,
  ...(formulas.length > 0 ? { formulas } : {}),
  ...params,
  page,
});

/** Rebalance frequencies and their months (here, without zod, for the page's first load). */
export const REBALANCE_MONTHS = { monthly: 1, quarterly: 3, yearly: 12 } as const;
export const REBALANCES = ["monthly", "quarterly", "yearly"] as const;

/** The Backtest view's settings, as the screener URL holds them (`tab=backtest&start=…&end=…&rebalance=…`). */
export interface BacktestParams {
  start: string;
  end: string;
  rebalance: (typeof REBALANCES)[number];
}

/** The dates the issue asks every as-of range to cover: seven yearly periods. */
export const DEFAULT_BACKTEST: BacktestParams = { start: "2013-12-31", end: "2020-12-31", rebalance: "yearly" };

export const isRebalance = (text: string | undefined): text is BacktestParams["rebalance"] => REBALANCES.some((r) => r === text);

/** The backtest request of a screen's filters: the body of `POST /api/v2/screener/backtest/` (and the page's own endpoint). */
export const backtestRequestBody = (filters: Record<string, unknown>, params: BacktestParams, formulas: readonly unknown[] = []) => ({
  filters,
  ...(formulas.length > 0 ? { formulas } : {}),
  ...params,
});

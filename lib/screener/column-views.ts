/**
 * Column views, like a screener's tabs: each a set of columns for one question, the ticker and
 * company first (the identity columns) and market cap next where the question needs a size. The
 * user's own columns (the column chooser) are the view "custom". Pure: the page and the server
 * read them the same way.
 */
export const COLUMN_VIEWS = [
  // The API's default fields, the key numbers before the long text columns so that they stay in view.
  {
    id: "overview",
    label: "Overview",
    fields: ["full_ticker", "companyName", "marketCap_usd", "peRatio", "dividendYieldTTM", "price", "return_1y", "sector", "industry", "country"],
  },
  {
    id: "valuation",
    label: "Valuation",
    fields: ["full_ticker", "companyName", "marketCap_usd", "enterpriseValue_usd", "peRatio", "priceToSales", "priceToBook", "evToEbitda", "dividendYieldTTM"],
  },
  {
    id: "profitability",
    label: "Profitability",
    fields: ["full_ticker", "companyName", "marketCap_usd", "returnOnInvestedCapital", "returnOnEquity", "grossMargin", "operatingMargin", "netMargin", "debtToEquity"],
  },
  {
    id: "growth",
    label: "Growth",
    fields: ["full_ticker", "companyName", "marketCap_usd", "fiscal_year", "revenue", "grossProfit", "operatingIncome", "netIncome", "eps", "return_1y"],
  },
  {
    id: "performance",
    label: "Performance & risk",
    fields: ["full_ticker", "companyName", "marketCap_usd", "price", "return_1y", "dividendYieldTTM", "daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized"],
  },
  {
    id: "signals",
    label: "Price signals",
    fields: ["full_ticker", "companyName", "price", "from_high_52w", "price_vs_sma_50", "price_vs_sma_200", "rsi_14", "max_drawdown_1y", "beta_1y", "dollar_volume_20d"],
  },
] as const satisfies readonly { id: string; label: string; fields: readonly string[] }[];

export type ColumnViewId = (typeof COLUMN_VIEWS)[number]["id"];
/** A preset view, or the user's own columns. */
export type ColumnView = ColumnViewId | "custom";

export const CUSTOM_VIEW_LABEL = "My columns";

export const isColumnView = (text: string | null | undefined): text is ColumnView => text === "custom" || COLUMN_VIEWS.some((v) => v.id === text);

/** The columns of a preset view; null for the user's own. */
export const viewFields = (view: ColumnView): readonly string[] | null => COLUMN_VIEWS.find((v) => v.id === view)?.fields ?? null;

/** The view remembered in this browser: in localStorage and mirrored in a cookie for the server's first render. */
export const VIEW_STORAGE_KEY = "screener.view";
export const VIEW_COOKIE = "screener_view";
export const viewCookie = (view: ColumnView) => `${VIEW_COOKIE}=${view}; path=/; max-age=31536000; samesite=lax`;

/**
 * The view shown and its columns: the URL's view, else custom when the URL names columns, else the
 * remembered view, else the user's remembered columns (custom) when there are some, else the
 * overview. `fields` is null for custom columns never chosen (the API's default).
 */
export function shownColumns(
  url: { view: ColumnView | null; fields: readonly string[] | null },
  remembered: { view: ColumnView | null; fields: readonly string[] | null },
): { view: ColumnView; fields: string[] | null } {
  const view = url.view ?? (url.fields ? "custom" : (remembered.view ?? (remembered.fields ? "custom" : "overview")));
  const fields = viewFields(view) ?? url.fields ?? remembered.fields;
  return { view, fields: fields ? [...fields] : null };
}

import { describe, expect, it } from "vitest";
import { DEFAULT_BACKTEST } from "./backtest-params";
import { DEFAULT_FIELDS } from "./catalog";
import { EMPTY_SCREEN, filteredFields, pageFields, type Screen, screenFromSearchParams, screenMode, screenRequestBody, searchParamsFromScreen } from "./screen-url";

describe("screen URL", () => {
  it("round-trips a screen, leaving defaults out", () => {
    const screen: Screen = {
      filters: {
        country: { operator: "exclude", values: ["United States", "Côte d'Ivoire"] },
        description_keywords: { fts: '"cloud computing" & saas*' },
        incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: 0.1 }] },
      },
      sort: { field: "price", desc: false },
      page: { limit: 250, offset: 500 },
      fields: ["full_ticker", "price"],
      view: "valuation",
      asOf: "2014-12-31",
      formulas: [{ name: "fcf_yield", expression: "(operatingCashFlow + capitalExpenditures) / marketCap_usd", unit: "percent", min: 0.08 }],
      backtest: { start: "2014-01-01", end: "2016-12-31", rebalance: "quarterly" },
      history: null,
    };
    const query = searchParamsFromScreen(screen);
    expect(query).toContain("sort=price&order=asc&limit=250&offset=500&fields=full_ticker,price&view=valuation&as_of=2014-12-31&formulas=");
    expect(query).toContain("&tab=backtest&start=2014-01-01&end=2016-12-31&rebalance=quarterly");
    expect(screenFromSearchParams(new URLSearchParams(query))).toEqual({ screen, problems: [] });
    const history: Screen = { ...screen, backtest: null, history: { from: "2016-04-01", to: "2016-05-31" } };
    expect(searchParamsFromScreen(history)).toContain("&tab=history&from=2016-04-01&to=2016-05-31");
    expect(screenFromSearchParams(new URLSearchParams(searchParamsFromScreen(history)))).toEqual({ screen: history, problems: [] });
    expect(searchParamsFromScreen(EMPTY_SCREEN)).toBe("");
    expect(screenFromSearchParams(new URLSearchParams(""))).toEqual({ screen: EMPTY_SCREEN, problems: [] });
  });

  it("reads Next's searchParams records and explains what it drops", () => {
    const { screen, problems } = screenFromSearchParams({ filters: "{not json", limit: ["abc"], offset: "20" });
    expect(screen.filters).toEqual({});
    expect(screen.page).toEqual({ limit: 100, offset: 20 });
    expect(problems).toHaveLength(2);
    expect(screenFromSearchParams({ filters: "[1]" }).problems[0]).toMatch(/not a JSON object/);
    expect(screenFromSearchParams({ formulas: "{}" }).problems).toEqual(["The link's formulas are not a JSON array; they were ignored."]);
    expect(screenFromSearchParams({ formulas: '[{"name":"a","expression":"eps"},7,{"name":1}]' }).screen.formulas).toEqual([{ name: "a", expression: "eps" }]);
    const unknownView = screenFromSearchParams({ view: "technical" });
    expect(unknownView.screen.view).toBeNull();
    expect(unknownView.problems).toEqual(['The link\'s column view "technical" does not exist; the remembered columns are shown.']);
  });

  it("opens the Backtest view with the default settings the link leaves out, and sends as_of only when set", () => {
    expect(screenFromSearchParams({ tab: "backtest", start: "2015-06-30" }).screen.backtest).toEqual({ ...DEFAULT_BACKTEST, start: "2015-06-30" });
    const weekly = screenFromSearchParams({ tab: "backtest", rebalance: "weekly" });
    expect(weekly.screen.backtest?.rebalance).toBe("yearly");
    expect(weekly.problems).toEqual(['The link\'s rebalance "weekly" is not monthly, quarterly or yearly; yearly is used.']);
    expect(screenFromSearchParams({ start: "2015-06-30" }).screen.backtest).toBeNull();
    expect(screenRequestBody(EMPTY_SCREEN, null)).not.toHaveProperty("as_of");
    expect(screenRequestBody({ ...EMPTY_SCREEN, asOf: "2014-12-31" }, null)).toMatchObject({ as_of: "2014-12-31" });
  });

  it("chooses the basic endpoint only when every filter is basic", () => {
    expect(screenMode({}, ["country"])).toBe("basic");
    expect(screenMode({ country: {} }, ["country"])).toBe("basic");
    expect(screenMode({ country: {}, volatility: {} }, ["country"])).toBe("advanced");
  });
});

describe("pageFields", () => {
  it("loads today's name and symbol beside the company name, the latest fiscal year's staleness beside its values, and only then", () => {
    expect(pageFields(null)).toEqual([...DEFAULT_FIELDS, "current_name", "current_symbol", "fiscal_year", "period_end", "fundamentals_stale", "stale_fields"]);
    expect(pageFields(["full_ticker", "companyName", "current_name"])).toEqual(["full_ticker", "companyName", "current_name", "current_symbol"]);
    expect(pageFields(["full_ticker", "price"])).toEqual(["full_ticker", "price"]);
    expect(pageFields(["full_ticker", "period_end", "eps"])).toEqual(["full_ticker", "period_end", "eps", "fiscal_year", "fundamentals_stale", "stale_fields"]);
  });

  it("adds the fields the filters test, once, after the columns shown", () => {
    const filters = {
      evToEbitda: { max: 12 },
      price: { min: 5 },
      margins: { rules: [{ kind: "compare", left_field: "operatingMargin", operator: "gt", right_field: "netMargin" }, { kind: "range", field: "grossMargin", min: 0.4 }] },
      volatility_compare: { left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" },
      sector: { values: ["Energy"] },
    };
    expect(filteredFields(filters)).toEqual(["evToEbitda", "price", "grossMargin", "operatingMargin", "netMargin", "daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized"]);
    expect(pageFields(["full_ticker", "price"], filters)).toEqual([
      ...["full_ticker", "price", "evToEbitda", "grossMargin", "operatingMargin", "netMargin", "daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized"],
      ...["fiscal_year", "period_end", "fundamentals_stale", "stale_fields"],
    ]);
  });
});

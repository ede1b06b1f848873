import { metaValue } from "@/lib/db/market-db";
import { FIELD_BY_NAME, type FieldDef } from "./catalog";
import type { TypedFilter } from "./request-schema";
import { fieldSql, hasTrailing, type ScreenSource } from "./screen-source";

/**
 * Why a company lacks the data a filter needs, as an SQL expression over the source's columns: the first
 * cause the database can show (its coverage flags and the inputs of derived values), else the plain
 * fact. Reasons are constants written here, never request text.
 */

const NO_PRICES = "no prices by the as-of date in the data";
const NO_FUNDAMENTALS = "no fundamentals in the data";
const NO_PRICE_IN_WEEK = "no price in the week up to the as-of date (trading had stopped)";
const PRICES_END = "no price for the as-of date: the price data ends before it (bring newer prices with npm run sync -- prices)";

/** Market-data fields: they need a price history. */
const PRICED_CATEGORIES = new Set(["Market", "Volatility", "Valuation"]);
/** Fields computed from market cap (price × shares outstanding of the latest fiscal year). */
const FROM_MARKET_CAP = new Set(["marketCap_usd", "enterpriseValue_usd", "priceToSales", "priceToBook", "evToEbitda"]);
const FROM_FUNDAMENTALS = new Set(["Valuation", "Fundamentals (latest fiscal year)", "Profitability"]);

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The WHEN branches of one field's causes, most basic first. */
function fieldCauses(source: ScreenSource, field: FieldDef): string[] {
  const causes: [condition: string, reason: string][] = [];
  const column = source.column;
  // A history that began by the as-of date but has no row in the week up to it had stopped trading,
  // unless it reaches the end of the bundled price file: then the data, not the trading, ends (after a sync).
  if (PRICED_CATEGORIES.has(field.category)) {
    causes.push([`${column("has_prices")} = 0`, NO_PRICES]);
    const pricesEnd = source.date === null ? null : metaValue("bundled_prices_end");
    if (pricesEnd !== null) causes.push([`${column("price")} IS NULL AND (SELECT max(p.date) FROM daily_prices p WHERE p.company_id = c.id) >= ${quote(pricesEnd)}`, PRICES_END]);
    causes.push([`${column("price")} IS NULL`, NO_PRICE_IN_WEEK]);
  }
  if (FROM_FUNDAMENTALS.has(field.category) || FROM_MARKET_CAP.has(field.name)) causes.push([`${column("has_fundamentals")} = 0`, NO_FUNDAMENTALS]);
  if (FROM_MARKET_CAP.has(field.name)) causes.push([`${column("shares_outstanding")} IS NULL`, "no share count in the data (no market cap)"]);
  if (field.name === "peRatio") causes.push([`${column("eps")} IS NULL`, "no EPS in the data"], [`${column("eps")} <= 0`, "EPS not positive (P/E undefined)"]);
  return [...causes.map(([condition, reason]) => `WHEN ${condition} THEN ${quote(reason)}`), `WHEN 1 THEN ${quote(`no ${field.label} in the data`)}`];
}

/** The causes of the first of `fields` that is missing. */
function fieldsReason(source: ScreenSource, names: readonly string[]): string {
  const branches = names.flatMap((name) => {
    const field = FIELD_BY_NAME.get(name);
    return field ? [`WHEN ${fieldSql(source, field)} IS NULL THEN (CASE ${fieldCauses(source, field).join(" ")} END)`] : [];
  });
  return `(CASE ${branches.join(" ")} ELSE ${quote("value missing")} END)`;
}

export function missingReason(filter: TypedFilter, source: ScreenSource): { sql: string; params: unknown[] } {
  const noFundamentals = `WHEN ${source.column("has_fundamentals")} = 0 THEN ${quote(NO_FUNDAMENTALS)}`;
  switch (filter.input_type) {
    case "range":
      return { sql: fieldsReason(source, [filter.def.field]), params: [] };
    case "volatility_rule_group":
    case "composite_rule_group":
      return { sql: fieldsReason(source, [...new Set(filter.payload.rules.flatMap((r) => (r.kind === "range" ? [r.field] : [r.left_field, r.right_field])))]), params: [] };
    case "field_compare":
      return { sql: fieldsReason(source, [filter.payload.left_field, filter.payload.right_field]), params: [] };
    case "multi_select":
      return { sql: quote(`no ${filter.def.label.toLowerCase()} in the data`), params: [] };
    case "metric_rule_group": {
      // A metric without TTM values is missing it for every company: say so rather than blame a year.
      const ttm = filter.payload.rules.some((r) => (r.kind === "range" ? [r.operand] : [r.left, r.right]).some((o) => o.kind === "ttm"));
      const cause = !ttm
        ? "a fiscal-year value the rule uses is missing"
        : hasTrailing(filter.def.metric)
          ? "a TTM (from the 10-K and 10-Q reports, within 15 months) or fiscal-year value the rule uses is missing"
          : "no TTM values of this metric in the data (the quarterly reports lack its lines)";
      return { sql: `(CASE ${noFundamentals} ELSE ${quote(`${filter.def.label}: ${cause}`)} END)`, params: [] };
    }
    case "growth_rule_group": {
      // The longest horizon of the rules: a company with fewer fiscal years cannot have it.
      const horizon = Math.max(...filter.payload.rules.map((r) => r.horizon_years));
      const years = source.fiscalYears("f");
      return {
        sql:
          `(CASE ${noFundamentals} ` +
          `WHEN (SELECT count(*) FROM ${years.table} WHERE ${years.scope}f.company_id = c.id) <= ? THEN ${quote("too few fiscal years in the data for the horizon")} ` +
          `ELSE ${quote("a value missing or not positive at either end (no growth rate)")} END)`,
        params: [...years.params, horizon],
      };
    }
    case "text":
      return { sql: quote("value missing"), params: [] };
  }
}

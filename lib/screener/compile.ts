import {
  DEFAULT_FIELDS,
  DEFAULT_SORT,
  FIELD_BY_NAME,
  type FieldDef,
  type FilterDef,
  type GrowthRuleGroupDef,
  growthColumnName,
  type MetricRuleGroupDef,
  PAGE,
} from "./catalog";
import { ValidationError } from "@/lib/errors";
import { type CompareOperator, filterSettings } from "./filter-settings";
import { ftsTerms, toFtsQuery } from "./fts-query";
import {
  type FieldComparePayload,
  type GrowthRule,
  type MemberRule,
  type MetricGroupPayload,
  type MetricOperand,
  AdvancedScreenRequest,
  type ListingsMode,
  type ScreenRequest,
  type TypedFilter,
  typedFilters,
} from "./request-schema";
import type { TemporaryColumn } from "./response-schema";
import type { TemporaryColumnSource } from "./response-schema";
import { missingReason } from "./missing-reasons";
import { PRIMARY_LISTING } from "./primary-listing";
import { type DayTable, DEFAULT_SOURCE, fieldSql, hasTrailing, type ScreenSource } from "./screen-source";
import { temporaryColumnLabel } from "./temporary-column";
import type { Formula } from "./formula-schema";
import { compileFormulas, reasonColumn } from "./formula-sql";

/**
 * Compiles a validated screen request into SQL. Identifiers come only from the catalog; every
 * request value is a bound parameter.
 */

/**
 * A compiled screen. Rows are read in two parts so that both can follow an index: the companies
 * with a value in the sort field (sorted by it, ties on full_ticker), then those without one
 * (sorted by full_ticker) — the same order as "nulls last", without sorting thousands of nulls.
 */
export interface CompiledScreen {
  /** `SELECT count(*)` over the whole filtered universe (parameters: `countParams`). */
  countSql: string;
  /** `SELECT c.id` of every company in the filtered universe, unsorted, unpaged (parameters: `countParams`). */
  idsSql: string;
  countParams: unknown[];
  /** `SELECT count(*)` of the companies with a value in the sort field. */
  countValuesSql: string;
  /** A page of the companies with a sort value: params, then LIMIT and OFFSET. */
  valuesPageSql: string;
  /** A page of the companies without one (parameters: `nullsParams`, then LIMIT and OFFSET). */
  nullsPageSql: string;
  nullsParams: unknown[];
  /** Of the queries below: the page's columns may need more of the source's joins than the count. */
  params: unknown[];
  fields: string[];
  temporaryColumns: TemporaryColumn[];
  limit: number;
  offset: number;
}

const SQL_OPERATORS: Record<CompareOperator, string> = { lt: "<", lte: "<=", gt: ">", gte: ">=" };

interface Builder {
  /** Where the values are read: the default date's columns or another trading day's. */
  source: ScreenSource;
  /**
   * Set while compiling the filter whose outcome is counted: its conditions shrink to "the data it
   * needs is present" (a range to IS NOT NULL, a strict metric rule to its operands' joins).
   */
  presence: boolean;
  /** Set once a filter limits the screen to companies with market or fiscal data (a few hundred). */
  narrowed: boolean;
  /** Set by a multi-select filter: its column index then drives the scan of the rows without a sort value. */
  categorical: boolean;
  /** Operand CTE alias by the temporary column it computes. */
  operands: Map<string, string>;
  ctes: string[];
  cteParams: unknown[];
  joins: string[];
  where: string[];
  whereParams: unknown[];
  temporary: { column: TemporaryColumn; sql: string }[];
  /** The FTS5 query of the text filter, placed once every filter is known (see compileScreen). */
  textFilter?: string;
}

function bounds(builder: Builder, sql: string, payload: { min?: number; max?: number }) {
  // Implied by any bound, but stated so that SQLite range-scans the column's index past its nulls.
  builder.where.push(`${sql} IS NOT NULL`);
  builder.narrowed = true;
  if (builder.presence) return;
  if (payload.min !== undefined) {
    builder.where.push(`${sql} >= ?`);
    builder.whereParams.push(payload.min);
  }
  if (payload.max !== undefined) {
    builder.where.push(`${sql} <= ?`);
    builder.whereParams.push(payload.max);
  }
}

const fieldLabel = (name: string) => FIELD_BY_NAME.get(name)?.label ?? name;

/** An output field's column; a field computed after the query (staleness) reads the value it derives from. */
const outputSql = (source: ScreenSource, field: FieldDef) => fieldSql(source, field.derivedFrom ? FIELD_BY_NAME.get(field.derivedFrom)! : field);

function addTemporary(builder: Builder, column: Omit<TemporaryColumn, "label">, sql: string) {
  if (builder.temporary.some((t) => t.column.name === column.name)) return;
  builder.temporary.push({ column: { ...column, label: temporaryColumnLabel(column.source, fieldLabel) }, sql });
}

/**
 * A fiscal-year operand as a CTE `(company_id, v)`, named after what it computes. Under the strict
 * policy it is an inner join (a missing value drops the company); otherwise a left join.
 */
function operandCte(builder: Builder, metric: string, operand: MetricOperand, strict: boolean): { alias: string; name: string; source: TemporaryColumnSource } {
  const column = `f."${metric}"`;
  const years = builder.source.fiscalYears("f");
  let name: string;
  let source: TemporaryColumnSource;
  let sql: string;
  let params: unknown[];
  switch (operand.kind) {
    case "fy":
      name = `${metric}_fy${operand.offset}`;
      source = { kind: "fy", metric, offset: operand.offset };
      // A fiscal year without the value is no operand: a strict rule's outcome counts it missing, not failed.
      sql = `SELECT f.company_id, ${column} AS v FROM ${years.table} WHERE ${years.scope}f.fy_offset = ? AND ${column} IS NOT NULL`;
      params = [...years.params, operand.offset];
      break;
    case "average": {
      const from = operand.anchor.offset;
      name = `${metric}_avg${operand.years}y_fy${from}`;
      source = { kind: "average", metric, years: operand.years, offset: from };
      // Missing when any year of the window is missing (docs/METRICS.md).
      sql = `SELECT f.company_id, avg(${column}) AS v FROM ${years.table} WHERE ${years.scope}f.fy_offset BETWEEN ? AND ? GROUP BY f.company_id HAVING count(${column}) = ?`;
      params = [...years.params, from, from + operand.years - 1, operand.years];
      break;
    }
    case "ttm": {
      name = `${metric}_ttm`;
      source = { kind: "ttm", metric };
      // The quarterly reports give no TTM of the other metrics: missing for every company.
      if (!hasTrailing(metric)) {
        sql = "SELECT NULL AS company_id, NULL AS v WHERE 0";
        params = [];
        break;
      }
      const trailing = builder.source.trailing("t");
      sql = `SELECT t.company_id, t."${metric}" AS v FROM ${trailing.table} WHERE ${trailing.scope}t."${metric}" IS NOT NULL`;
      params = trailing.params;
      break;
    }
  }
  const existing = builder.operands.get(name);
  if (existing) return { alias: existing, name, source };
  const alias = `t${builder.ctes.length}`;
  builder.operands.set(name, alias);
  builder.ctes.push(`${alias} AS (${sql})`);
  builder.cteParams.push(...params);
  builder.joins.push(`${strict ? "JOIN" : "LEFT JOIN"} ${alias} ON ${alias}.company_id = c.id`);
  builder.narrowed ||= strict;
  return { alias, name, source };
}

function compileMetricRules(builder: Builder, def: MetricRuleGroupDef, payload: MetricGroupPayload) {
  const strict = payload.missing_policy === "strict";
  // skip_missing never leaves a company out for a missing value.
  if (builder.presence && !strict) return;
  const operand = (o: MetricOperand) => {
    const { alias, name, source } = operandCte(builder, def.metric, o, strict);
    addTemporary(builder, { name, source, unit: def.unit, filter: def.name }, `${alias}.v`);
    return `${alias}.v`;
  };
  for (const rule of payload.rules) {
    if (rule.kind === "range") {
      const value = operand(rule.operand);
      const checks = [
        ...(rule.min !== undefined ? [{ sql: `${value} >= ?`, param: rule.min }] : []),
        ...(rule.max !== undefined ? [{ sql: `${value} <= ?`, param: rule.max }] : []),
      ];
      const test = checks.map((c) => c.sql).join(" AND ");
      if (builder.presence) continue;
      builder.where.push(strict ? test : `(${value} IS NULL OR (${test}))`);
      builder.whereParams.push(...checks.map((c) => c.param));
    } else {
      const left = operand(rule.left);
      const right = rule.right.kind === "constant" ? "?" : operand(rule.right);
      const test = `${left} ${SQL_OPERATORS[rule.operator]} ${right}`;
      const missing = rule.right.kind === "constant" ? `${left} IS NULL` : `${left} IS NULL OR ${right} IS NULL`;
      if (builder.presence) continue;
      builder.where.push(strict ? test : `(${missing} OR ${test})`);
      if (rule.right.kind === "constant") builder.whereParams.push(rule.right.value);
    }
  }
}

function compileGrowthRules(builder: Builder, def: GrowthRuleGroupDef, rules: GrowthRule[]) {
  for (const rule of rules) {
    const column = `"${rule.metric}"`;
    const alias = `t${builder.ctes.length}`;
    // Values at offset 0 and offset h, converted to USD at each fiscal year's end for the usd basis.
    const fx = (table: string) => (rule.currency_basis === "usd" ? ` * ${table}.fx_to_usd` : "");
    const [a, b] = [builder.source.fiscalYears("a"), builder.source.fiscalYears("b")];
    // m: the multiple v0 / vh; g: the CAGR m^(1/h) - 1 (docs/METRICS.md; both need v0 > 0 and vh > 0).
    builder.ctes.push(
      `${alias} AS (SELECT company_id, m, pow(m, 1.0 / ?) - 1 AS g FROM (` +
        `SELECT a.company_id, (a.${column}${fx("a")}) / (b.${column}${fx("b")}) AS m FROM ${a.table} ` +
        `JOIN ${b.table} ON ${b.scope}b.company_id = a.company_id AND b.fy_offset = ? ` +
        `WHERE ${a.scope}a.fy_offset = 0 AND a.${column} > 0 AND b.${column} > 0))`,
    );
    builder.cteParams.push(rule.horizon_years, ...b.params, rule.horizon_years, ...a.params);
    // missing_data_policy "exclude": an inner join drops companies without both values.
    builder.joins.push(`JOIN ${alias} ON ${alias}.company_id = c.id`);
    builder.narrowed = true;
    const value = `${alias}.${rule.value_type === "multiple" ? "m" : "g"}`;
    bounds(builder, value, rule);
    // The request schema admits only combinations value_fields names.
    const field = def.value_fields[rule.metric]![rule.value_type]![rule.currency_basis]!;
    addTemporary(
      builder,
      {
        name: growthColumnName(field, rule.horizon_years),
        source: { kind: "growth", metric: rule.metric, value_type: rule.value_type, horizon_years: rule.horizon_years, currency_basis: rule.currency_basis },
        unit: rule.value_type === "cagr" ? "percent" : "number",
        filter: def.name,
      },
      value,
    );
  }
}

function compileMemberRules(builder: Builder, def: FilterDef, rules: MemberRule[]) {
  for (const rule of rules) {
    if (rule.kind === "range") {
      bounds(builder, fieldSql(builder.source, FIELD_BY_NAME.get(rule.field)!), rule);
    } else {
      compareFields(builder, def, rule);
    }
  }
}

function compareFields(builder: Builder, def: FilterDef, { left_field, operator, right_field }: FieldComparePayload) {
  const l = FIELD_BY_NAME.get(left_field)!;
  const r = FIELD_BY_NAME.get(right_field)!;
  const [left, right] = [fieldSql(builder.source, l), fieldSql(builder.source, r)];
  builder.where.push(`${left} IS NOT NULL`, `${right} IS NOT NULL`, ...(builder.presence ? [] : [`${left} ${SQL_OPERATORS[operator]} ${right}`]));
  builder.narrowed = true;
  for (const field of [l, r]) addTemporary(builder, { name: field.name, source: { kind: "field", field: field.name }, unit: field.unit, filter: def.name }, fieldSql(builder.source, field));
}

function compileFilter(builder: Builder, filter: TypedFilter) {
  switch (filter.input_type) {
    case "range":
      bounds(builder, fieldSql(builder.source, FIELD_BY_NAME.get(filter.def.field)!), filter.payload);
      return;
    case "multi_select": {
      const { def, payload } = filter;
      const include = (payload.operator ?? filterSettings(def).default_operator) === "include";
      const unique = [...new Set(payload.values)];
      const columns = def.value_columns;
      const column = builder.source.column(def.name);
      // Flags are never missing; exclude keeps companies without a value.
      if (builder.presence) {
        if (!columns && include) builder.where.push(`${column} IS NOT NULL`);
        return;
      }
      if (columns) {
        // A company has every selected flag on the day (include) or none of them (exclude).
        builder.where.push(unique.map((v) => `${builder.source.column(columns[v]!)} = ${include ? 1 : 0}`).join(" AND "));
        return;
      }
      builder.categorical ||= include;
      const list = unique.map(() => "?").join(", ");
      builder.where.push(include ? `${column} IN (${list})` : `(${column} IS NULL OR ${column} NOT IN (${list}))`);
      builder.whereParams.push(...unique);
      return;
    }
    case "text": {
      // Every company has a name to search: nothing is missing for a text filter.
      if (builder.presence) return;
      const query = toFtsQuery(ftsTerms(filter.payload.fts));
      // The request schema refuses text without terms. One MATCH for the whole screen, as a set:
      // probing the index per candidate row would repeat the (prefix) term merges for each.
      if (query === null) throw new Error(`${filter.def.name}: text without terms passed the request schema`);
      builder.textFilter = query;
      return;
    }
    case "metric_rule_group":
      compileMetricRules(builder, filter.def, filter.payload);
      return;
    case "growth_rule_group":
      compileGrowthRules(builder, filter.def, filter.payload.rules);
      return;
    case "volatility_rule_group":
    case "composite_rule_group":
      compileMemberRules(builder, filter.def, filter.payload.rules);
      return;
    case "field_compare":
      compareFields(builder, filter.def, filter.payload);
      return;
  }
}

/**
 * A request's formulas (API v2): the table of their values on the day, joined by company id; each
 * a temporary column with its reason beside it, and a filter where it has bounds.
 */
function compileFormulaColumns(builder: Builder, formulas: readonly Formula[], unbounded?: string) {
  if (formulas.length === 0) return;
  const compiled = compileFormulas(formulas, builder.source.fresh());
  builder.joins.push(`LEFT JOIN ${compiled.table} fv ON fv.company_id = c.id`);
  const bounds: string[] = [];
  compiled.columns.forEach(({ formula, value, reason, column }) => {
    const { name, expression, unit } = formula;
    addTemporary(builder, { name, source: { kind: "formula", name, expression }, unit, filter: "formulas" }, value);
    addTemporary(builder, { name: reasonColumn(formula), source: { kind: "formula_reason", formula: name }, unit: "text", filter: "formulas" }, reason);
    for (const [key, operator] of [["min", ">="], ["max", "<="]] as const) {
      if (formula[key] === undefined || name === unbounded) continue;
      bounds.push(`"${column}" ${operator} ?`);
      builder.whereParams.push(formula[key]);
    }
  });
  if (bounds.length === 0) return;
  // The bounds select a set of ids from the table's few thousand rows, found once: the screen then
  // reads those companies instead of probing the table for every listing.
  builder.where.push(`c.id IN (SELECT company_id FROM ${compiled.table} WHERE ${bounds.join(" AND ")})`);
  builder.narrowed = true;
}

/**
 * The builder of some filters over the listings asked for, and of one more in presence mode (see
 * Builder.presence). A company with several share classes is one row, its primary listing, unless
 * every listing is asked for. Every formula is a column; each filters by its bounds but the one
 * named `unbounded` (whose outcomes are being counted).
 */
function buildFilters(source: ScreenSource, filters: readonly TypedFilter[], listings: ListingsMode, present?: TypedFilter, formulas: readonly Formula[] = [], unbounded?: string): Builder {
  const where = listings === "primary" ? [PRIMARY_LISTING] : [];
  const builder: Builder = { source, presence: false, narrowed: false, categorical: false, operands: new Map(), ctes: [], cteParams: [], joins: [], where, whereParams: [], temporary: [] };
  compileFormulaColumns(builder, formulas, unbounded);
  for (const filter of filters) compileFilter(builder, filter);
  if (present) {
    builder.presence = true;
    compileFilter(builder, present);
    builder.presence = false;
  }
  if (builder.textFilter !== undefined) {
    // A narrowed screen probes the set of matches per candidate (unary + keeps the few thousand
    // matches of a common word from driving the scan); otherwise the matches drive it.
    builder.where.push(`${builder.narrowed ? "+" : ""}c.id IN (SELECT rowid FROM company_search WHERE company_search MATCH ?)`);
    builder.whereParams.push(builder.textFilter);
  }
  return builder;
}

/** A builder's `WITH` clause and `FROM ... WHERE` over `companies c` (parameters: the CTEs', then the joins' and conditions'). */
function fromClause(builder: Builder, profileJoin = ""): { withClause: string; from: string; fromParams: unknown[] } {
  const withClause = builder.ctes.length > 0 ? `WITH ${builder.ctes.join(", ")} ` : "";
  const where = builder.where.length > 0 ? ` WHERE ${builder.where.join(" AND ")}` : "";
  const sourceJoins = builder.source.joins();
  return {
    withClause,
    from: `FROM companies c${profileJoin} ${sourceJoins.sql} ${builder.joins.join(" ")}${where}`,
    fromParams: [...sourceJoins.params, ...builder.whereParams],
  };
}

/**
 * One query per filter of a screen: over the companies every other filter keeps, `reason` is NULL
 * for those with the data this filter needs, otherwise why it is missing, with `n` companies each.
 * One pass over at most the universe, testing the filter's own presence conditions on each row
 * (or probing the id set of its rule's joins; nothing when it cannot leave a company out for
 * missing data: text, exclude, skip_missing). A formula with bounds (v2) is a filter too: its
 * value is what it needs, its reason column why that is null.
 */
export function compileFilterOutcomes(request: ScreenRequest & { formulas?: readonly Formula[] }, source: ScreenSource = DEFAULT_SOURCE): { filter: string; sql: string; params: unknown[] }[] {
  const filters = typedFilters(request.filters);
  const formulas = request.formulas ?? [];
  const catalog = filters.map((filter) => {
    const kept = buildFilters(source, filters.filter((f) => f !== filter), "primary", undefined, formulas);
    // The kept filters already hold the screen to primary listings.
    const own = buildFilters(source, [], "all", filter);
    const ownFrom = fromClause(own);
    const probe =
      own.joins.length > 0
        ? { sql: `c.id IN (${ownFrom.withClause}SELECT c.id ${ownFrom.from})`, params: [...own.cteParams, ...ownFrom.fromParams] }
        : own.where.length > 0
          ? { sql: `(${own.where.join(" AND ")})`, params: own.whereParams }
          : undefined;
    return outcomeQuery(filter.def.name, kept, probe && { sql: `CASE WHEN ${probe.sql} THEN NULL ELSE `, params: probe.params }, missingReason(filter, source));
  });
  const bounded = formulas.filter((f) => f.min !== undefined || f.max !== undefined);
  return [
    ...catalog,
    ...bounded.map(({ name }) => {
      const kept = buildFilters(source, filters, "primary", undefined, formulas, name);
      const column = (kind: "formula" | "formula_reason") => kept.temporary.find((t) => t.column.source.kind === kind && t.column.name === (kind === "formula" ? name : reasonColumn({ name })))!.sql;
      return outcomeQuery(name, kept, { sql: `CASE WHEN ${column("formula")} IS NOT NULL THEN NULL ELSE `, params: [] }, { sql: column("formula_reason"), params: [] });
    }),
  ];
}

/** A filter's outcome query over what `kept` keeps: `probe` opens the CASE that is NULL for a company with the data, `reason` closes it. */
function outcomeQuery(filter: string, kept: Builder, probe: { sql: string; params: unknown[] } | undefined, reason: { sql: string; params: unknown[] }) {
  // After the reason, whose columns the kept filters' joins must bring too.
  const { withClause, from, fromParams } = fromClause(kept);
  return {
    filter,
    sql: `${withClause}SELECT ${probe ? `${probe.sql}${reason.sql} END` : "NULL"} AS reason, count(*) AS n ${from} GROUP BY 1`,
    // In the order of the text: the kept CTEs, the probe and its reason, the kept joins and conditions.
    params: [...kept.cteParams, ...(probe ? [...probe.params, ...reason.params] : []), ...fromParams],
  };
}

/** A synthetic filter payload whose rule computes a temporary column of this source (null: none computes one). */
function ruleOf(source: TemporaryColumnSource): Record<string, unknown> | null {
  // The bound only satisfies the schema: the presence builder skips rule conditions.
  const rule = { min: -Number.MAX_VALUE };
  switch (source.kind) {
    case "fy":
      return { [source.metric]: { missing_policy: "strict", rules: [{ kind: "range", operand: { kind: "fy", offset: source.offset }, ...rule }] } };
    case "average":
      return {
        [source.metric]: {
          missing_policy: "strict",
          rules: [{ kind: "range", operand: { kind: "average", years: source.years, anchor: { scope: "fy", offset: source.offset } }, ...rule }],
        },
      };
    case "growth": {
      const { metric, value_type, horizon_years, currency_basis } = source;
      return { incomeStatementGrowth: { rules: [{ metric, value_type, horizon_years, currency_basis, ...rule }] } };
    }
    case "ttm":
      return { [source.metric]: { missing_policy: "strict", rules: [{ kind: "range", operand: { kind: "ttm" }, ...rule }] } };
    case "field":
    case "formula":
    case "formula_reason":
      return null;
  }
}

/**
 * A rule column's values over every company that has one (the universe of the result charts),
 * each with whether the screen matches the company; null when the screen computes no such column
 * (compared fields are catalog fields).
 */
export function compileRuleColumnValues(request: ScreenRequest, name: string, source: ScreenSource): { sql: string; params: unknown[]; column: TemporaryColumn } | null {
  const found = buildFilters(source, typedFilters(request.filters), "primary").temporary.find((t) => t.column.name === name);
  const payload = found && ruleOf(found.column.source);
  if (!found || !payload) return null;
  const universe = buildFilters(source, [], "primary", typedFilters(AdvancedScreenRequest.shape.filters.parse(payload))[0]);
  const value = universe.temporary.find((t) => t.column.name === name)!.sql;
  universe.where.push(`${value} IS NOT NULL`);
  const screen = compileScreen(request, source);
  const { withClause, from, fromParams } = fromClause(universe);
  return {
    sql: `${withClause}SELECT ${value} AS value, c.id IN (${screen.idsSql}) AS matched ${from}`,
    params: [...universe.cteParams, ...screen.countParams, ...fromParams],
    column: found.column,
  };
}

/**
 * A screen's matches on the source's day (a backtest's candidates), with their `id`, `full_ticker`,
 * whether they have a price that day (`priced`: only those can be held) and the requested fields:
 * one query gives both the match count and the holdings.
 */
export function compileMatches(request: ScreenRequest & { formulas?: readonly Formula[] }, source: ScreenSource, fields: readonly string[] = []): { sql: string; params: unknown[] } {
  const builder = buildFilters(source, typedFilters(request.filters), "primary", undefined, request.formulas);
  const defs = fields.flatMap((name) => (name === "full_ticker" ? [] : FIELD_BY_NAME.get(name) ?? []));
  // A field that is no catalog field names one of the request's formulas (BacktestRequest checked).
  const formulas = fields.flatMap((name) => builder.temporary.filter((t) => t.column.source.kind === "formula" && t.column.name === name));
  // Before fromClause: the fields' columns decide the source's joins.
  const columns = [
    "c.id AS id",
    "c.full_ticker AS full_ticker",
    `${source.column("price")} IS NOT NULL AS priced`,
    ...defs.map((f) => `${fieldSql(source, f)} AS "${f.name}"`),
    ...formulas.map((t) => `${t.sql} AS "${t.column.name}"`),
  ].join(", ");
  const profileJoin = defs.some((f) => f.profile) ? " LEFT JOIN company_profiles p ON p.company_id = c.id" : "";
  const { withClause, from, fromParams } = fromClause(builder, profileJoin);
  return { sql: `${withClause}SELECT ${columns} ${from}`, params: [...builder.cteParams, ...fromParams] };
}

/**
 * The sort key's SQL: a catalog field, or a temporary column of the screen (the UI endpoints take
 * those; v1's request schema admits catalog sort fields only).
 */
function sortKey(name: string, builder: Builder): { sql: string; profile?: boolean; catalog?: boolean; dayTable?: DayTable | null } {
  const field = FIELD_BY_NAME.get(name);
  if (field?.sortable) return { sql: fieldSql(builder.source, field), profile: field.profile, catalog: true, dayTable: builder.source.dayTable(field.name) };
  const temporary = builder.temporary.find((t) => t.column.name === name);
  if (temporary) return { sql: temporary.sql };
  const columns = builder.temporary.map((t) => t.column.name);
  throw new ValidationError([
    {
      pointer: "/sort/field",
      message: `"${name}" is not a column this screen can sort by: choose a sort field${columns.length > 0 ? ` or one of this screen's columns (${columns.join(", ")})` : ""}`,
    },
  ]);
}

/** Compiles a screen; `listings` (API v2) defaults to the primary listings, as v1 answers; `formulas` (v2) add columns, filters and sort keys. */
export function compileScreen(request: ScreenRequest & { listings?: ListingsMode; formulas?: readonly Formula[] }, source: ScreenSource = DEFAULT_SOURCE): CompiledScreen {
  const builder = buildFilters(source, typedFilters(request.filters), request.listings ?? "primary", undefined, request.formulas);
  // Read now: the joins the filters need (the count's), before the page's columns add theirs.
  const countJoins = source.joins();
  const tickers = request.result_format === "tickers";
  // Tickers responses load only full_ticker; rows responses load the requested fields once each.
  const fields = tickers ? ["full_ticker"] : [...new Set(request.fields ?? DEFAULT_FIELDS)];
  const temporary = tickers ? [] : builder.temporary.filter((t) => !fields.includes(t.column.name));
  const outputs: FieldDef[] = fields.map((name) => FIELD_BY_NAME.get(name)!);
  const sort = sortKey(request.sort.field ?? DEFAULT_SORT.field, builder);
  const desc = request.sort.desc ?? DEFAULT_SORT.desc;
  const needsProfile = outputs.some((f) => f.profile) || sort.profile === true;

  const withClause = builder.ctes.length > 0 ? `WITH ${builder.ctes.join(", ")} ` : "";
  const filterJoins = builder.joins.join(" ");
  // The profile join is one-to-one, so the count does not need it.
  const profileJoin = needsProfile ? " LEFT JOIN company_profiles p ON p.company_id = c.id" : "";
  // Ties break on full_ticker in the sort's direction, so pages tile. A narrowed screen sorts its
  // few hundred rows (unary + keeps SQLite from walking the sort index through the whole table).
  const key = builder.narrowed ? `+${sort.sql}` : sort.sql;
  const direction = desc ? "DESC" : "ASC";
  const columns = [
    ...outputs.map((f) => `${outputSql(source, f)} AS "${f.name}"`),
    ...temporary.map((t) => `${t.sql} AS "${t.column.name}"`),
  ].join(", ");
  const where = (...extra: string[]) => {
    const conditions = [...builder.where, ...extra];
    return conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : "";
  };
  const pageJoins = source.joins();
  const joins = `${pageJoins.sql} ${filterJoins}`;
  const select = `${withClause}SELECT ${columns} FROM companies c${profileJoin} ${joins}`;
  // The companies with a sort value have a row in its table: the same joins, that one inner.
  const valuesJoins = source.joins(sort.dayTable ?? undefined);
  const valuesFrom = `FROM companies c${profileJoin} ${valuesJoins.sql} ${filterJoins}`;
  const nullsPage = () => {
    if (source.date === null || !sort.catalog) {
      return {
        nullsPageSql: `${select}${where(`${builder.categorical ? "+" : ""}${sort.sql} IS NULL`)} ORDER BY c.full_ticker ${direction} LIMIT ? OFFSET ?`,
        nullsParams: [...builder.cteParams, ...pageJoins.params, ...builder.whereParams],
      };
    }
    // As of a date, most companies have no row of the day: the page's ids are found without the
    // day's joins (the companies with a value are a small set, tested once), then only the page's
    // rows read the day's values, instead of one probe per company of the screen.
    const valued = `SELECT c.id FROM companies c ${pageJoins.sql} WHERE ${sort.sql} IS NOT NULL`;
    const ids = `SELECT c.id FROM companies c ${countJoins.sql} ${filterJoins}${where(`c.id NOT IN (${valued})`)} ORDER BY c.full_ticker ${direction} LIMIT ? OFFSET ?`;
    return {
      nullsPageSql: `${select} WHERE c.id IN (${ids}) ORDER BY c.full_ticker ${direction}`,
      nullsParams: [...builder.cteParams, ...pageJoins.params, ...countJoins.params, ...builder.whereParams, ...pageJoins.params],
    };
  };
  return {
    countSql: `${withClause}SELECT count(*) FROM companies c ${countJoins.sql} ${filterJoins}${where()}`,
    idsSql: `${withClause}SELECT c.id FROM companies c ${countJoins.sql} ${filterJoins}${where()}`,
    countParams: [...builder.cteParams, ...countJoins.params, ...builder.whereParams],
    countValuesSql: `${withClause}SELECT count(*) ${valuesFrom}${where(`${sort.sql} IS NOT NULL`)}`,
    valuesPageSql: `${withClause}SELECT ${columns} ${valuesFrom}${where(`${sort.sql} IS NOT NULL`)} ORDER BY ${key} ${direction}, c.full_ticker ${direction} LIMIT ? OFFSET ?`,
    // Unary + on the null test when a multi-select filter can drive the scan instead of the sort
    // column's index (sorting the filter's rows by full_ticker beats walking every null).
    ...nullsPage(),
    params: [...builder.cteParams, ...valuesJoins.params, ...builder.whereParams],
    fields,
    temporaryColumns: temporary.map((t) => t.column),
    limit: request.page.limit ?? PAGE.default_limit,
    offset: request.page.offset ?? PAGE.default_offset,
  };
}

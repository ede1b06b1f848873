import { FIELD_BY_NAME } from "./catalog";
import { type FormulaNode, formulaKey, formulaNodes, type PercentileGroup } from "./formula-grammar";
import type { Formula } from "./formula-schema";
import { REASON_SUFFIX } from "./formula-reason";
import { PRIMARY_LISTING } from "./primary-listing";
import { fieldSql, type ScreenSource } from "./screen-source";
import { formulaValuesTable } from "./formula-values";

/**
 * A request's formulas as SQL (docs/METRICS.md "Formulas"): one statement of three kinds of common
 * table expressions, whose rows the screen joins by company id.
 *
 * - `fx`: every company of the source's day with the inputs the formulas read (catalog fields,
 *   fiscal-year values at an offset, fiscal-year averages) and the peer-group columns.
 * - `fp<i>`: one per distinct percentile, ranking the primary listings with a value within each
 *   group (mid-rank for ties), over the whole market: the screen's filters never move a percentile.
 * - `fv`: each formula's value, and beside it why it is null.
 *
 * Every number of a formula and every text is a bound parameter; identifiers come from the
 * catalog and the fiscal-year metrics the grammar accepts.
 */

interface Sql {
  sql: string;
  params: unknown[];
}

const text = (sql: string): Sql => ({ sql, params: [] });
const concat = (...parts: (Sql | string)[]): Sql => ({
  sql: parts.map((p) => (typeof p === "string" ? p : p.sql)).join(""),
  params: parts.flatMap((p) => (typeof p === "string" ? [] : p.params)),
});
const list = (parts: Sql[], separator: string): Sql => concat(...parts.flatMap((p, i) => (i === 0 ? [p] : [separator, p])));

export interface CompiledFormulas {
  /** The temporary table of the formulas' values (`company_id`, `v0`, `r0`, …), computed once for the day. */
  table: string;
  /** The SQL of each formula's value and of its reason, over the table joined as `fv`, and its value's column in the table. */
  columns: { formula: Formula; value: string; reason: string; column: string }[];
}

type Leaf = Extract<FormulaNode, { kind: "field" | "year" | "average" }>;
type Percentile = Extract<FormulaNode, { kind: "percentile" }>;

/** Where a percentile ranks: its peer group's label in reasons. */
const groupLabel = (group: PercentileGroup) => (group === "market" ? "the market" : `its ${group.replace("_", " ")}`);

const leafLabel = (leaf: Leaf) => {
  switch (leaf.kind) {
    case "field":
      return leaf.name;
    case "year":
      return leaf.offset === 0 ? `${leaf.metric} of the latest fiscal year` : `${leaf.metric} at fiscal-year offset ${leaf.offset}`;
    case "average":
      return `${leaf.metric} in each of the latest ${leaf.years} fiscal years`;
  }
};

/** The formulas' inputs and their fx columns (`i0`, `i1`, …), each distinct input once. */
class Inputs {
  readonly columns = new Map<string, { leaf: Leaf; column: string }>();
  readonly percentiles = new Map<string, { node: Percentile; alias: string }>();
  readonly groups = new Set<Exclude<PercentileGroup, "market">>();

  constructor(formulas: readonly Formula[]) {
    for (const { tree } of formulas) {
      for (const node of formulaNodes(tree)) {
        if (node.kind === "field" || node.kind === "year" || node.kind === "average") {
          const key = formulaKey(node);
          if (!this.columns.has(key)) this.columns.set(key, { leaf: node, column: `i${this.columns.size}` });
        } else if (node.kind === "percentile") {
          const key = formulaKey(node);
          if (!this.percentiles.has(key)) this.percentiles.set(key, { node, alias: `fp${this.percentiles.size}` });
          if (node.within !== "market") this.groups.add(node.within);
        }
      }
    }
  }

  column(leaf: Leaf): string {
    return this.columns.get(formulaKey(leaf))!.column;
  }

  percentile(node: Percentile): string {
    return this.percentiles.get(formulaKey(node))!.alias;
  }
}

/** `fx`: every company of the day, its inputs and peer groups; the source's and the fiscal years' joins after. */
function inputsCte(inputs: Inputs, source: ScreenSource): Sql {
  const yearJoins = new Map<number, Sql>();
  const averageJoins: Sql[] = [];
  const select: string[] = ["c.id AS company_id", `${PRIMARY_LISTING} AS primary_listing`];
  // Each peer group is the catalog field of its name.
  for (const group of inputs.groups) select.push(`${fieldSql(source, FIELD_BY_NAME.get(group)!)} AS "g_${group}"`);
  for (const { leaf, column } of inputs.columns.values()) {
    switch (leaf.kind) {
      case "field":
        select.push(`${fieldSql(source, FIELD_BY_NAME.get(leaf.name)!)} AS ${column}`);
        break;
      case "year": {
        const alias = `y${leaf.offset}`;
        if (!yearJoins.has(leaf.offset)) {
          const years = source.fiscalYears(alias);
          yearJoins.set(leaf.offset, { sql: ` LEFT JOIN ${years.table} ON ${years.scope}${alias}.company_id = c.id AND ${alias}.fy_offset = ?`, params: [...years.params, leaf.offset] });
        }
        select.push(`${alias}."${leaf.metric}" AS ${column}`);
        break;
      }
      case "average": {
        const alias = `a${averageJoins.length}`;
        const years = source.fiscalYears("a");
        // Missing when any year of the window is (docs/METRICS.md), as the metric rules' averages.
        averageJoins.push({
          sql: ` LEFT JOIN (SELECT a.company_id, avg(a."${leaf.metric}") AS v FROM ${years.table} WHERE ${years.scope}a.fy_offset BETWEEN 0 AND ? GROUP BY a.company_id HAVING count(a."${leaf.metric}") = ?) ${alias} ON ${alias}.company_id = c.id`,
          params: [...years.params, leaf.years - 1, leaf.years],
        });
        select.push(`${alias}.v AS ${column}`);
        break;
      }
    }
  }
  // A company with neither a price nor a fiscal year on the day has no value to compute (most of the
  // listings): left out, its reason is said where the screen joins fv (`compileFormulas`).
  const covered = `(${source.column("has_prices")} OR ${source.column("has_fundamentals")})`;
  // After the columns: the source joins what they read.
  const joins = source.joins();
  // Read from company_series (the few thousand companies with a price history or fiscal years), and
  // materialized: computed once per statement, not once per use of fx.
  return concat(`fx AS MATERIALIZED (SELECT ${select.join(", ")} FROM company_series cs JOIN companies c ON c.id = cs.company_id ${joins.sql}`, { sql: "", params: joins.params }, ...yearJoins.values(), ...averageJoins, ` WHERE ${covered})`);
}

/** A tree's value over `fx` (and the percentile CTEs joined to it). */
function valueSql(node: FormulaNode, inputs: Inputs): Sql {
  switch (node.kind) {
    case "number":
      return { sql: "?", params: [node.value] };
    case "field":
    case "year":
    case "average":
      return text(`fx.${inputs.column(node)}`);
    case "percentile":
      return text(`${inputs.percentile(node)}.v`);
    case "negate":
      return concat("(-", valueSql(node.arg, inputs), ")");
    case "binary":
      return concat("(", valueSql(node.left, inputs), ` ${node.op} `, valueSql(node.right, inputs), ")");
    case "call": {
      const args = list(node.args.map((a) => valueSql(a, inputs)), ", ");
      // SQLite's scalar min and max are null when any argument is; ln is null for x ≤ 0.
      return concat(node.fn === "log" ? "ln(" : `${node.fn}(`, args, ")");
    }
  }
}

/** `WHEN … THEN 'why'` clauses of a tree, in the order it is read: the first that holds says why the value is null. */
function reasonClauses(node: FormulaNode, inputs: Inputs): Sql[] {
  const when = (condition: Sql, why: string): Sql => concat(" WHEN ", condition, " THEN ?", { sql: "", params: [why] });
  switch (node.kind) {
    case "number":
      return [];
    case "field":
    case "year":
    case "average":
      return [when(text(`fx.${inputs.column(node)} IS NULL`), `no value for ${leafLabel(node)}`)];
    case "percentile": {
      const alias = inputs.percentile(node);
      return [
        ...reasonClauses(node.arg, inputs),
        ...(node.within === "market" ? [] : [when(text(`fx."g_${node.within}" IS NULL`), `no ${node.within.replace("_", " ")} to rank within (character ${node.at + 1})`)]),
        when(text("NOT fx.primary_listing"), "percentiles rank each company's primary listing; this is another share class"),
        when(text(`${alias}.v IS NULL`), `fewer than two companies of ${groupLabel(node.within)} have a value to rank (character ${node.at + 1})`),
      ];
    }
    case "negate":
      return reasonClauses(node.arg, inputs);
    case "binary":
      return [
        ...reasonClauses(node.left, inputs),
        ...reasonClauses(node.right, inputs),
        ...(node.op === "/" ? [when(concat(valueSql(node.right, inputs), " = 0"), `division by zero (the / after character ${node.at + 1})`)] : []),
      ];
    case "call":
      return [
        ...node.args.flatMap((a) => reasonClauses(a, inputs)),
        ...(node.fn === "log" ? [when(concat(valueSql(node.args[0]!, inputs), " <= 0"), `log of a value ≤ 0 (character ${node.at + 1})`)] : []),
      ];
  }
}

/** Percentile (0-100) by mid-rank: the lowest 0, the highest 100, ties the mean of their places; null in a group of one. */
function percentileCte(node: Percentile, alias: string, inputs: Inputs): Sql {
  const group = node.within === "market" ? "1" : `fx."g_${node.within}"`;
  return concat(
    // One sort: rank() is a tie group's first place r, count(*) over the default frame (every row up
    // to the last of its ties) its last place c; the group's largest c is its size n.
    `${alias} AS (SELECT company_id, CASE WHEN n > 1 THEN 100.0 * ((r + c) / 2.0 - 1) / (n - 1) END AS v FROM (`,
    "SELECT company_id, r, c, max(c) OVER (PARTITION BY g) AS n FROM (",
    "SELECT company_id, g, rank() OVER w AS r, count(*) OVER w AS c FROM (",
    `SELECT fx.company_id, ${group} AS g, `,
    valueSql(node.arg, inputs),
    ` AS x FROM fx WHERE fx.primary_listing AND ${group} IS NOT NULL) WHERE x IS NOT NULL WINDOW w AS (PARTITION BY g ORDER BY x))))`,
  );
}

/** The largest finite REAL: an overflow (1e308 * 10) is Infinity, which JSON cannot carry. */
const FINITE = "1.7976931348623157e308";

/** Why a company outside fx has no value (a constant of the SQL text: it never comes from a request). */
const UNCOVERED = "no price and no fiscal year on the day";

/** The formulas' values over the day as one statement: `WITH fx …, fp0 …, fv … SELECT * FROM fv`, and its columns after company_id. */
function valuesQuery(formulas: readonly Formula[], source: ScreenSource): Sql & { columns: string[] } {
  const inputs = new Inputs(formulas);
  const percentiles = [...inputs.percentiles.values()].map(({ node, alias }) => percentileCte(node, alias, inputs));
  const values = formulas.map((formula, i) => {
    const value = valueSql(formula.tree, inputs);
    const finite = concat("CASE WHEN abs(", value, `) <= ${FINITE} THEN `, value, ` END AS "v${i}"`);
    const reason = concat("CASE", ...reasonClauses(formula.tree, inputs), " WHEN abs(", value, `) > ${FINITE} THEN ? END AS "r${i}"`);
    reason.params.push("the value is too large to represent");
    return concat(finite, ", ", reason);
  });
  const percentileJoins = [...inputs.percentiles.values()].map(({ alias }) => ` LEFT JOIN ${alias} ON ${alias}.company_id = fx.company_id`).join("");
  const fv = concat("fv AS (SELECT fx.company_id, ", list(values, ", "), ` FROM fx${percentileJoins})`);
  const columns = formulas.flatMap((_, i) => [`v${i}`, `r${i}`]);
  return { ...concat("WITH ", list([inputsCte(inputs, source), ...percentiles, fv], ", "), " SELECT * FROM fv"), columns };
}

/**
 * A request's formulas over a source of the screen's day that has joined nothing yet: their values
 * computed into a temporary table of the connection (formula-values.ts) the first time these
 * formulas are asked for on this day, so that a screen's count, its pages and the page's charts
 * read them without computing them again.
 */
export function compileFormulas(formulas: readonly Formula[], source: ScreenSource): CompiledFormulas {
  const key = JSON.stringify([source.date, formulas.map((f) => formulaKey(f.tree))]);
  const table = formulaValuesTable(key, () => valuesQuery(formulas, source));
  return {
    table,
    columns: formulas.map((formula, i) => ({ formula, value: `fv."v${i}"`, reason: `CASE WHEN fv.company_id IS NULL THEN '${UNCOVERED}' ELSE fv."r${i}" END`, column: `v${i}` })),
  };
}

/** The name of the column saying why a formula's value is null. */
export const reasonColumn = (formula: Pick<Formula, "name">) => `${formula.name}${REASON_SUFFIX}`;

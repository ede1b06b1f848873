import { z } from "zod";
import { FISCAL_YEAR_METRICS } from "@/lib/fiscal-year-metrics";
import { FIELDS, FILTER_BY_NAME } from "./catalog";
import {
  FORMULA_FUNCTIONS,
  FORMULA_LIMITS,
  FormulaError,
  type FormulaNode,
  formulaNodes,
  type FormulaVocabulary,
  PERCENTILE_GROUPS,
  parseFormula,
  formulaKey,
} from "./formula-grammar";
import { REASON_SUFFIX } from "./formula-reason";

/**
 * The `formulas` member of API v2 screens and backtests: named expressions, parsed in order (a
 * formula may name the ones before it), each a column of the rows, a filter when it has bounds,
 * and a sort key by its name. Pure: the screener page checks formulas with the same schema.
 */

/** The units a formula's values may be shown in (they change no value: a percent is a decimal). */
export const FORMULA_UNITS = ["number", "percent", "usd"] as const;

/** Catalog fields a formula may name: the numeric ones that are values of a day (not the SEC CIK). */
const NUMERIC_FIELDS = FIELDS.filter((f) => f.sortable && ["percent", "usd", "number"].includes(f.unit)).map((f) => f.name);

/** Fiscal-year metrics; a name that is also a catalog field (revenue) reads the field, the same latest fiscal year's value. */
const METRICS: readonly string[] = FISCAL_YEAR_METRICS;

/** What formulas may name and how large they may be: the v2 options record's `formulas`, and the page's completion. */
export const FormulaOptions = z
  .object({
    fields: z.array(z.string()).describe("Numeric output fields a formula may name: their value as of the screen's date"),
    metrics: z.array(z.string()).describe("Fiscal-year metrics: alone the latest fiscal year's value, fy(metric, k) at offset k, avg(metric, Ny) the mean of the latest N"),
    functions: z.array(z.string()),
    percentile_groups: z.array(z.string()).describe("What pct(x, group) ranks within; market (the default) is every company with a value"),
    units: z.array(z.string()),
    limits: z.record(z.string(), z.int()),
  })
  .describe('The formula language of v2 screens and backtests (docs/METRICS.md "Formulas")');

export const FORMULA_OPTIONS: z.output<typeof FormulaOptions> = {
  fields: NUMERIC_FIELDS,
  metrics: [...METRICS],
  functions: [...FORMULA_FUNCTIONS],
  percentile_groups: [...PERCENTILE_GROUPS],
  units: [...FORMULA_UNITS],
  limits: { ...FORMULA_LIMITS },
};

const RESERVED = new Set<string>([...FIELDS.map((f) => f.name), ...METRICS, ...FORMULA_FUNCTIONS, ...PERCENTILE_GROUPS, ...FILTER_BY_NAME.keys()]);

const FormulaName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: "a lowercase letter, then up to 39 lowercase letters, digits or _" })
  .refine((name) => !RESERVED.has(name), { error: "is a field, metric, function, group or filter name: choose another" })
  .refine((name) => !name.endsWith(REASON_SUFFIX), { error: `may not end in ${REASON_SUFFIX}: that is the column saying why a formula's value is null` })
  .describe("The formula's column in each row, its sort key, and how later formulas name it");

const bound = z.number().describe("Inclusive bound on the formula's value (a decimal for a ratio: 0.08 is 8%)");

export const FormulaSpec = z
  .strictObject({
    name: FormulaName,
    expression: z
      .string()
      .min(1, { error: "give an expression" })
      .max(FORMULA_LIMITS.max_length, { error: `at most ${FORMULA_LIMITS.max_length} characters` })
      .describe(
        "Arithmetic (+ - * / and parentheses) over numbers, numeric fields (as of the screen's date), fiscal-year metrics (alone the latest fiscal year; fy(metric, k) the fiscal year at offset k; avg(metric, 3y) the mean of the latest 3), earlier formulas by name, abs(x), log(x) (natural), min(a, b, …), max(a, b, …), and pct(x) or pct(x, sector | industry_group | industry | country): x's percentile (0-100) among the market's companies or its peers. Division by zero, log of a value ≤ 0 and any missing input give null, with the reason in <name>_reason",
      ),
    unit: z.enum(FORMULA_UNITS).default("number").describe("How the value is shown: number, percent (a decimal) or usd"),
    min: bound.optional(),
    max: bound.optional(),
  })
  .refine((f) => f.min === undefined || f.max === undefined || f.min <= f.max, { error: "min must not exceed max", path: ["min"] });

/** A formula as the request schema outputs it: its text, parsed. */
export type Formula = z.output<typeof FormulaSpec> & { tree: FormulaNode };

/** The formulas of a request, checked and parsed; errors point at the expression and say where in it. */
export const Formulas = z
  .array(FormulaSpec)
  .max(FORMULA_LIMITS.max_formulas, { error: `at most ${FORMULA_LIMITS.max_formulas} formulas` })
  .transform((specs, ctx): Formula[] => {
    const trees = new Map<string, FormulaNode>();
    const vocabulary: FormulaVocabulary = { fields: new Set(NUMERIC_FIELDS), metrics: new Set(METRICS), formulas: trees };
    const percentiles = new Set<string>();
    const parsed: Formula[] = [];
    specs.forEach((spec, i) => {
      if (trees.has(spec.name)) {
        ctx.addIssue({ code: "custom", path: [i, "name"], message: `${spec.name} is already the name of an earlier formula` });
        return;
      }
      try {
        const tree = parseFormula(spec.expression, vocabulary);
        for (const node of formulaNodes(tree)) if (node.kind === "percentile") percentiles.add(formulaKey(node));
        if (percentiles.size > FORMULA_LIMITS.max_percentiles) {
          ctx.addIssue({ code: "custom", path: [i, "expression"], message: `more than ${FORMULA_LIMITS.max_percentiles} distinct percentiles over the request's formulas` });
          return;
        }
        trees.set(spec.name, tree);
        parsed.push({ ...spec, tree });
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
        ctx.addIssue({ code: "custom", path: [i, "expression"], message: error.message });
      }
    });
    return parsed;
  })
  .describe(
    `Named formulas (API v2; at most ${FORMULA_LIMITS.max_formulas}): each adds a column to the rows (and <name>_reason, why a value is null), filters the screen when it has min or max, and may be the sort field. docs/METRICS.md "Formulas"`,
  );

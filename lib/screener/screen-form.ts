import { formatAmountInput, parseAmount } from "./amount";
import type { Unit } from "./catalog";
import type { CompareOperator, CurrencyBasis, GrowthValueType, MissingPolicy, MultiSelectOperator, RightOperandKind, RuleKind } from "./filter-settings";
import type { PublicFilterDef, TypedScreenerOptions } from "./options";

/**
 * The filter form: what the inputs hold (bounds as typed text, in display units) and its two-way
 * conversion to the API's filter payloads. Form paths mirror payload paths (`filters.<name>.rules.0.min`
 * is `/filters/<name>/rules/0/min`), so the shared API schema's issues and the API's error pointers
 * land on the input they concern. Pure: runs in the browser.
 */

// Each filter's form carries its input type, so code that reads a form knows its shape.
export interface RangeForm { input_type: "range"; min: string; max: string }
export interface MultiSelectForm { input_type: "multi_select"; operator: MultiSelectOperator; values: string[] }
export interface TextForm { input_type: "text"; fts: string }
export interface OperandForm { kind: RightOperandKind; offset: number; years: number; value: string }
export interface MetricRuleForm {
  kind: RuleKind;
  operand: OperandForm;
  min: string;
  max: string;
  left: OperandForm;
  operator: CompareOperator;
  right: OperandForm;
}
export interface MetricGroupForm { input_type: "metric_rule_group"; missing_policy: MissingPolicy; rules: MetricRuleForm[] }
export interface GrowthRuleForm {
  metric: string;
  horizon_years: number;
  value_type: GrowthValueType;
  currency_basis: CurrencyBasis;
  min: string;
  max: string;
}
export interface GrowthGroupForm { input_type: "growth_rule_group"; rules: GrowthRuleForm[] }
export interface MemberRuleForm {
  kind: RuleKind;
  field: string;
  min: string;
  max: string;
  left_field: string;
  operator: CompareOperator;
  right_field: string;
}
export interface MemberGroupForm { input_type: "volatility_rule_group" | "composite_rule_group"; rules: MemberRuleForm[] }
export interface FieldCompareForm { input_type: "field_compare"; left_field: string; operator: CompareOperator; right_field: string }

export type FilterForm = RangeForm | MultiSelectForm | TextForm | MetricGroupForm | GrowthGroupForm | MemberGroupForm | FieldCompareForm;
export interface ScreenForm { filters: Record<string, FilterForm> }

/** The part of the options record the form needs. */
export type FormOptions = Pick<TypedScreenerOptions, "filters" | "field_definitions">;

export interface FormError { path: string; message: string }

type Payload = Record<string, unknown>;
const isObject = (v: unknown): v is Payload => typeof v === "object" && v !== null && !Array.isArray(v);
const obj = (v: unknown): Payload => (isObject(v) ? v : {});
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);
const str = (v: unknown, fallback: string): string => (typeof v === "string" ? v : fallback);
/** `preferred` when the filter offers it, else the first value it offers. */
const initial = <T>(allowed: readonly T[], preferred?: T): T => (preferred !== undefined && allowed.includes(preferred) ? preferred : allowed[0]!);
/** `v` when the filter offers it, else the initial value. */
const offered = <T>(v: unknown, allowed: readonly T[], preferred?: T): T => allowed.find((a) => a === v) ?? initial(allowed, preferred);
const RIGHT_OPERAND_KINDS: readonly RightOperandKind[] = ["fy", "average", "ttm", "constant"];

export const unitOfField = (options: FormOptions, field: string): Unit => options.field_definitions[field]?.unit ?? "number";

/** The unit of a rule's bounds (and of a metric compare's constant). */
export function boundUnit(def: PublicFilterDef, options: FormOptions, rule?: { value_type?: string; field?: string }): Unit {
  switch (def.input_type) {
    case "range":
      return unitOfField(options, def.field);
    case "metric_rule_group":
      return def.unit;
    case "growth_rule_group":
      return def.value_type_formats[offered(rule?.value_type, def.value_types)];
    case "volatility_rule_group":
    case "composite_rule_group":
      return unitOfField(options, rule?.field ?? def.members[0]!);
    default:
      return "number";
  }
}

const operandForm = (o: unknown): OperandForm => {
  const p = obj(o);
  const kind = offered(p.kind, RIGHT_OPERAND_KINDS, "fy");
  return {
    kind,
    offset: num(p.offset) ?? num(obj(p.anchor).offset) ?? 0,
    years: num(p.years) ?? 3,
    value: kind === "constant" ? formatAmountInput(num(p.value), "number") : "",
  };
};

/** A new filter as it appears when added: one empty rule for groups, nothing selected. */
export function newFilterForm(def: PublicFilterDef): FilterForm {
  return filterToForm(def, {});
}

export function newRuleForm(def: PublicFilterDef): MetricRuleForm | GrowthRuleForm | MemberRuleForm {
  const group = filterToForm(def, {});
  if (!("rules" in group)) throw new Error(`A ${def.input_type} filter has no rules`);
  return group.rules[0]!;
}

/**
 * The form of an API payload (from a link, a preset or a saved screen). Tolerant: what is missing
 * or malformed gets the default (a value the filter offers), and the API schema then explains what
 * is wrong.
 */
export function filterToForm(def: PublicFilterDef, payload: unknown, options?: FormOptions): FilterForm {
  const p = obj(payload);
  const bound = (v: unknown, unit: Unit) => formatAmountInput(num(v), unit);
  const rules = Array.isArray(p.rules) && p.rules.length > 0 ? p.rules.map(obj) : [{}];
  const opts = options ?? { filters: {}, field_definitions: {} };
  switch (def.input_type) {
    case "range": {
      const unit = boundUnit(def, opts);
      return { input_type: def.input_type, min: bound(p.min, unit), max: bound(p.max, unit) };
    }
    case "multi_select":
      return { input_type: def.input_type, operator: offered(p.operator, def.operators, def.default_operator), values: Array.isArray(p.values) ? p.values.map(String) : [] };
    case "text":
      return { input_type: def.input_type, fts: typeof p.fts === "string" ? p.fts : "" };
    case "metric_rule_group":
      return {
        input_type: def.input_type,
        missing_policy: offered(p.missing_policy, def.missing_policies, def.default_missing_policy),
        rules: rules.map((r): MetricRuleForm => {
          const right = operandForm(r.right ?? { kind: initial(def.right_operand_kinds, "constant") });
          if (right.kind === "constant") right.value = bound(num(obj(r.right).value), def.unit);
          return {
            kind: offered(r.kind, def.rule_kinds),
            operand: operandForm(r.operand ?? { kind: initial(def.operand_kinds, "average"), years: 3, anchor: { scope: "fy", offset: 0 } }),
            min: bound(r.min, def.unit),
            max: bound(r.max, def.unit),
            left: operandForm(r.left ?? { kind: initial(def.operand_kinds, "fy"), offset: 0 }),
            operator: offered(r.operator, def.compare_operators, "gt"),
            right,
          };
        }),
      };
    case "growth_rule_group": {
      const metrics = Object.keys(def.value_fields);
      return {
        input_type: def.input_type,
        rules: rules.map((r): GrowthRuleForm => {
          const valueType = offered(r.value_type, def.value_types);
          const unit = boundUnit(def, opts, { value_type: valueType });
          return {
            metric: str(r.metric, metrics[0]!),
            horizon_years: num(r.horizon_years) ?? initial(def.horizons, 3),
            value_type: valueType,
            currency_basis: r.currency_basis === "usd" ? "usd" : "reported",
            min: bound(r.min, unit),
            max: bound(r.max, unit),
          };
        }),
      };
    }
    case "volatility_rule_group":
    case "composite_rule_group":
      return {
        input_type: def.input_type,
        rules: rules.map((r): MemberRuleForm => {
          const field = str(r.field, def.members[0]!);
          const unit = unitOfField(opts, field);
          return {
            kind: offered(r.kind, def.rule_kinds),
            field,
            min: bound(r.min, unit),
            max: bound(r.max, unit),
            left_field: str(r.left_field, def.members[0]!),
            operator: offered(r.operator, def.compare_operators, "lt"),
            right_field: str(r.right_field, def.members[1] ?? def.members[0]!),
          };
        }),
      };
    case "field_compare":
      return {
        input_type: def.input_type,
        left_field: str(p.left_field, def.members[0]!),
        operator: offered(p.operator, def.operators, "lt"),
        right_field: str(p.right_field, def.members[1] ?? def.members[0]!) };
  }
}

/** Converts one filter's form into its API payload; unreadable numbers become errors at their input. */
export function formToPayload(def: PublicFilterDef, form: FilterForm, options: FormOptions, path: string): { payload: Payload; errors: FormError[] } {
  const errors: FormError[] = [];
  const bounds = (f: { min: string; max: string }, unit: Unit, at: string) => {
    const out: Payload = {};
    for (const key of ["min", "max"] as const) {
      const parsed = parseAmount(f[key] ?? "", unit);
      if (!parsed.ok) errors.push({ path: `${at}.${key}`, message: parsed.error });
      else if (parsed.value !== undefined) out[key] = parsed.value;
    }
    return out;
  };
  const operand = (o: OperandForm, unit: Unit, at: string): Payload => {
    switch (o.kind) {
      case "fy":
        return { kind: "fy", offset: o.offset };
      case "average":
        return { kind: "average", years: o.years, anchor: { scope: "fy", offset: o.offset } };
      case "ttm":
        return { kind: "ttm" };
      case "constant": {
        const parsed = parseAmount(o.value, unit);
        if (!parsed.ok) errors.push({ path: `${at}.value`, message: parsed.error });
        else if (parsed.value === undefined) errors.push({ path: `${at}.value`, message: "Give a value to compare with" });
        return { kind: "constant", value: parsed.ok ? parsed.value : undefined };
      }
    }
  };
  let payload: Payload;
  switch (def.input_type) {
    case "range":
      expectForm(form, def.input_type);
      payload = bounds(form, boundUnit(def, options), path);
      break;
    case "multi_select":
      expectForm(form, def.input_type);
      payload = { operator: form.operator, values: form.values };
      break;
    case "text":
      expectForm(form, def.input_type);
      payload = { fts: form.fts };
      break;
    case "metric_rule_group": {
      expectForm(form, def.input_type);
      const f = form;
      payload = {
        missing_policy: f.missing_policy,
        rules: f.rules.map((r, i) => {
          const at = `${path}.rules.${i}`;
          return r.kind === "range"
            ? { kind: "range", operand: operand(r.operand, def.unit, `${at}.operand`), ...bounds(r, def.unit, at) }
            : { kind: "compare", left: operand(r.left, def.unit, `${at}.left`), operator: r.operator, right: operand(r.right, def.unit, `${at}.right`) };
        }),
      };
      break;
    }
    case "growth_rule_group":
      expectForm(form, def.input_type);
      payload = {
        rules: form.rules.map((r, i) => ({
          metric: r.metric,
          horizon_years: r.horizon_years,
          value_type: r.value_type,
          currency_basis: r.currency_basis,
          ...bounds(r, boundUnit(def, options, r), `${path}.rules.${i}`),
        })),
      };
      break;
    case "volatility_rule_group":
    case "composite_rule_group":
      expectForm(form, def.input_type);
      payload = {
        rules: form.rules.map((r, i) =>
          r.kind === "range"
            ? { kind: "range", field: r.field, ...bounds(r, unitOfField(options, r.field), `${path}.rules.${i}`) }
            : { kind: "compare", left_field: r.left_field, operator: r.operator, right_field: r.right_field },
        ),
      };
      break;
    case "field_compare":
      expectForm(form, def.input_type);
      payload = { left_field: form.left_field, operator: form.operator, right_field: form.right_field };
      break;
  }
  return { payload, errors };
}

/** A filter's form is of its definition's input type (they are made together by `filterToForm`). */
function expectForm<T extends FilterForm["input_type"]>(form: FilterForm, type: T): asserts form is Extract<FilterForm, { input_type: T }> {
  if (form.input_type !== type) throw new Error(`A ${form.input_type} form for a ${type} filter`);
}

/** An API error pointer (`/filters/roic/rules/0/operand/anchor/offset`) as a form path. */
export function pointerToPath(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
    // The form keeps an average's anchor offset next to its years.
    .filter((segment, i, all) => !(segment === "anchor" && all[i + 1] === "offset"))
    .join(".");
}

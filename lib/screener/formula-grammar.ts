/**
 * The formula language of API v2 screens (docs/METRICS.md "Formulas"): arithmetic over catalog
 * fields, fiscal-year values and earlier formulas, with a few functions and percentiles within a
 * peer group. A tokenizer and a recursive-descent parser build a tree; nothing is evaluated here
 * (the tree compiles to SQL, lib/screener/formula-sql.ts). Pure: the screener page reports the
 * same errors, at the same positions, as the API.
 *
 *   formula  := sum
 *   sum      := product (("+" | "-") product)*
 *   product  := unary (("*" | "/") unary)*
 *   unary    := "-" unary | primary
 *   primary  := number | name | call | "(" sum ")"
 *   call     := abs(sum) | log(sum) | min(sum, sum, ...) | max(sum, sum, ...)
 *             | fy(metric, offset) | avg(metric, <years>y) | pct(sum) | pct(sum, group)
 */

/** Bounds on a formula's size and cost; every one is a 400 naming the formula when passed. */
export const FORMULA_LIMITS = {
  /** Characters of an expression. */
  max_length: 400,
  /** Nodes of one formula's tree, once the formulas it names are written out in it. */
  max_nodes: 80,
  /** Nesting of parentheses and calls. */
  max_depth: 12,
  /** Formulas of one request. */
  max_formulas: 8,
  /** Distinct percentiles over all the formulas of a request (each ranks the whole market). */
  max_percentiles: 6,
  /** Arguments of min and max. */
  max_arguments: 8,
  /** The deepest fiscal-year offset, plus one: fy(m, k) takes k < 10, avg(m, Ny) N ≤ 10. */
  max_fy_depth: 10,
} as const;

/** The peer groups a percentile ranks within: the whole market, or companies sharing the value. */
export const PERCENTILE_GROUPS = ["market", "sector", "industry_group", "industry", "country"] as const;
export type PercentileGroup = (typeof PERCENTILE_GROUPS)[number];

export const FORMULA_FUNCTIONS = ["abs", "log", "min", "max", "fy", "avg", "pct"] as const;

export type BinaryOperator = "+" | "-" | "*" | "/";

/** A parsed formula. `at` is the 0-based position in the expression of the node's first character. */
export type FormulaNode =
  | { kind: "number"; value: number; at: number }
  | { kind: "field"; name: string; at: number }
  | { kind: "year"; metric: string; offset: number; at: number }
  | { kind: "average"; metric: string; years: number; at: number }
  | { kind: "negate"; arg: FormulaNode; at: number }
  | { kind: "binary"; op: BinaryOperator; left: FormulaNode; right: FormulaNode; at: number }
  | { kind: "call"; fn: "abs" | "log" | "min" | "max"; args: FormulaNode[]; at: number }
  | { kind: "percentile"; arg: FormulaNode; within: PercentileGroup; at: number };

/** The names a formula may use. */
export interface FormulaVocabulary {
  /** Numeric catalog fields (their value as of the screen's date). */
  fields: ReadonlySet<string>;
  /** Fiscal-year metrics: alone the latest fiscal year, in fy() and avg() any offset. */
  metrics: ReadonlySet<string>;
  /** Earlier formulas of the request, by name: written out where named. */
  formulas: ReadonlyMap<string, FormulaNode>;
}

export class FormulaError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`at character ${position + 1}: ${reason}`);
    this.name = "FormulaError";
  }
}

type Token =
  | { kind: "number"; value: number; at: number; text: string }
  | { kind: "years"; value: number; at: number; text: string }
  | { kind: "name"; text: string; at: number }
  | { kind: "symbol"; text: "+" | "-" | "*" | "/" | "(" | ")" | ","; at: number }
  | { kind: "end"; at: number; text: "" };

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const YEARS = /^(\d+)y(?![A-Za-z0-9_])/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const years = YEARS.exec(rest);
    if (years) {
      tokens.push({ kind: "years", value: Number(years[1]), at, text: years[0] });
      at += years[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      const value = Number(number[0]);
      if (!Number.isFinite(value)) throw new FormulaError(at, `${number[0]} is too large a number`);
      if (NAME.test(text.slice(at + number[0].length))) throw new FormulaError(at + number[0].length, "a name cannot follow a number: write * between them");
      tokens.push({ kind: "number", value, at, text: number[0] });
      at += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ kind: "name", text: name[0], at });
      at += name[0].length;
      continue;
    }
    const symbol = rest[0]!;
    if (symbol === "+" || symbol === "-" || symbol === "*" || symbol === "/" || symbol === "(" || symbol === ")" || symbol === ",") {
      tokens.push({ kind: "symbol", text: symbol, at });
      at += 1;
      continue;
    }
    const shown = String.fromCodePoint(rest.codePointAt(0)!);
    throw new FormulaError(at, `unexpected ${JSON.stringify(shown)}: formulas use names, numbers, + - * / ( ) and commas`);
  }
  tokens.push({ kind: "end", at: text.length, text: "" });
  return tokens;
}

const describe = (token: Token) => (token.kind === "end" ? "the end of the formula" : JSON.stringify(token.text));

/** How many nodes a tree has (a formula named twice counts twice: it is written out twice). */
export function nodeCount(node: FormulaNode): number {
  switch (node.kind) {
    case "number":
    case "field":
    case "year":
    case "average":
      return 1;
    case "negate":
      return 1 + nodeCount(node.arg);
    case "binary":
      return 1 + nodeCount(node.left) + nodeCount(node.right);
    case "call":
      return 1 + node.args.reduce((n, a) => n + nodeCount(a), 0);
    case "percentile":
      return 1 + nodeCount(node.arg);
  }
}

/** A tree's shape without positions: the same computation written twice has one key. */
export const formulaKey = (node: FormulaNode): string => JSON.stringify(node, (key, value: unknown) => (key === "at" ? undefined : value));

/** Every node of a tree, parents first. */
export function* formulaNodes(node: FormulaNode): Generator<FormulaNode> {
  yield node;
  switch (node.kind) {
    case "negate":
    case "percentile":
      yield* formulaNodes(node.arg);
      return;
    case "binary":
      yield* formulaNodes(node.left);
      yield* formulaNodes(node.right);
      return;
    case "call":
      for (const arg of node.args) yield* formulaNodes(arg);
      return;
    default:
      return;
  }
}

/** A named formula written out where it is named: its errors point at the name. */
function relocated(node: FormulaNode, at: number): FormulaNode {
  switch (node.kind) {
    case "number":
    case "field":
    case "year":
    case "average":
      return { ...node, at };
    case "negate":
    case "percentile":
      return { ...node, arg: relocated(node.arg, at), at };
    case "binary":
      return { ...node, left: relocated(node.left, at), right: relocated(node.right, at), at };
    case "call":
      return { ...node, args: node.args.map((a) => relocated(a, at)), at };
  }
}

/** Parses an expression against a vocabulary; throws FormulaError at the first problem. */
export function parseFormula(text: string, vocabulary: FormulaVocabulary): FormulaNode {
  if (text.length > FORMULA_LIMITS.max_length) throw new FormulaError(FORMULA_LIMITS.max_length, `longer than ${FORMULA_LIMITS.max_length} characters`);
  const tokens = tokenize(text);
  let index = 0;
  let depth = 0;
  const peek = () => tokens[index]!;
  const next = () => tokens[index++]!;
  const isSymbol = (text: string) => {
    const token = peek();
    return token.kind === "symbol" && token.text === text;
  };
  const expect = (text: ")" | "," | "(", what: string) => {
    const token = next();
    if (token.kind !== "symbol" || token.text !== text) throw new FormulaError(token.at, `expected ${what}, found ${describe(token)}`);
  };
  const nested = <T>(at: number, parse: () => T): T => {
    if (++depth > FORMULA_LIMITS.max_depth) throw new FormulaError(at, `nested more than ${FORMULA_LIMITS.max_depth} deep`);
    const result = parse();
    depth--;
    return result;
  };

  /** One precedence level: `operand` joined left to right by `operators`. */
  const level = (operators: readonly BinaryOperator[], operand: () => FormulaNode) => (): FormulaNode => {
    let left = operand();
    for (let op = peek(); op.kind === "symbol" && (operators as readonly string[]).includes(op.text); op = peek()) {
      next();
      left = { kind: "binary", op: op.text as BinaryOperator, left, right: operand(), at: left.at };
    }
    return left;
  };
  const product = level(["*", "/"], () => unary());
  const sum = level(["+", "-"], product);
  const unary = (): FormulaNode => {
    if (isSymbol("-")) {
      const at = next().at;
      return nested(at, () => ({ kind: "negate", arg: unary(), at }));
    }
    return primary();
  };
  const metricArgument = (fn: string): { metric: string; at: number } => {
    const token = next();
    if (token.kind !== "name" || !vocabulary.metrics.has(token.text)) {
      throw new FormulaError(token.at, `${fn}() takes a fiscal-year metric first (${[...vocabulary.metrics].slice(0, 4).join(", ")} …), found ${describe(token)}`);
    }
    return { metric: token.text, at: token.at };
  };
  const call = (fn: string, at: number): FormulaNode => {
    switch (fn) {
      case "abs":
      case "log": {
        const arg = sum();
        if (isSymbol(",")) throw new FormulaError(peek().at, `${fn}() takes one argument`);
        return { kind: "call", fn, args: [arg], at };
      }
      case "min":
      case "max": {
        const args = [sum()];
        while (isSymbol(",")) {
          next();
          args.push(sum());
          if (args.length > FORMULA_LIMITS.max_arguments) throw new FormulaError(args.at(-1)!.at, `${fn}() takes at most ${FORMULA_LIMITS.max_arguments} arguments`);
        }
        if (args.length < 2) throw new FormulaError(at, `${fn}() takes at least two arguments`);
        return { kind: "call", fn, args, at };
      }
      case "fy": {
        const { metric } = metricArgument(fn);
        expect(",", `"," and a fiscal-year offset (0 the latest)`);
        const offset = next();
        if (offset.kind !== "number" || !Number.isInteger(offset.value) || offset.value >= FORMULA_LIMITS.max_fy_depth) {
          throw new FormulaError(offset.at, `fy() takes a whole offset from 0 (the latest fiscal year) to ${FORMULA_LIMITS.max_fy_depth - 1}, found ${describe(offset)}`);
        }
        return { kind: "year", metric, offset: offset.value, at };
      }
      case "avg": {
        const { metric } = metricArgument(fn);
        expect(",", `"," and a number of years such as 3y`);
        const years = next();
        if (years.kind !== "years" || years.value < 1 || years.value > FORMULA_LIMITS.max_fy_depth) {
          throw new FormulaError(years.at, `avg() takes a number of fiscal years from 1y to ${FORMULA_LIMITS.max_fy_depth}y, found ${describe(years)}`);
        }
        return { kind: "average", metric, years: years.value, at };
      }
      case "pct": {
        const arg = sum();
        if ([...formulaNodes(arg)].some((n) => n.kind === "percentile")) throw new FormulaError(arg.at, "a percentile of a percentile is not offered");
        let within: PercentileGroup = "market";
        if (isSymbol(",")) {
          next();
          const group = next();
          if (group.kind !== "name" || !(PERCENTILE_GROUPS as readonly string[]).includes(group.text)) {
            throw new FormulaError(group.at, `pct() ranks within one of ${PERCENTILE_GROUPS.join(", ")}; found ${describe(group)}`);
          }
          within = group.text as PercentileGroup;
        }
        return { kind: "percentile", arg, within, at };
      }
      default:
        throw new FormulaError(at, `unknown function ${fn}(): the functions are ${FORMULA_FUNCTIONS.join(", ")}`);
    }
  };
  const primary = (): FormulaNode => {
    const token = next();
    if (token.kind === "number") return { kind: "number", value: token.value, at: token.at };
    if (token.kind === "symbol" && token.text === "(") {
      const inner = nested(token.at, sum);
      expect(")", `")" to close the "(" at character ${token.at + 1}`);
      return inner;
    }
    if (token.kind === "name") {
      if (isSymbol("(")) {
        next();
        const node = nested(token.at, () => call(token.text, token.at));
        expect(")", `")" to close ${token.text}(`);
        return node;
      }
      const formula = vocabulary.formulas.get(token.text);
      if (formula) return relocated(formula, token.at);
      if (vocabulary.fields.has(token.text)) return { kind: "field", name: token.text, at: token.at };
      if (vocabulary.metrics.has(token.text)) return { kind: "year", metric: token.text, offset: 0, at: token.at };
      if ((FORMULA_FUNCTIONS as readonly string[]).includes(token.text)) throw new FormulaError(token.at + token.text.length, `${token.text} is a function: write ${token.text}(…)`);
      throw new FormulaError(token.at, `unknown name ${JSON.stringify(token.text)}: a numeric field, a fiscal-year metric or an earlier formula (GET /api/v2/screener/options/, formulas)`);
    }
    if (token.kind === "years") throw new FormulaError(token.at, `${token.text} is a number of years, only avg() takes one`);
    throw new FormulaError(token.at, `expected a number, a name or "(", found ${describe(token)}`);
  };

  const tree = sum();
  const rest = peek();
  if (rest.kind !== "end") throw new FormulaError(rest.at, `expected an operator or the end of the formula, found ${describe(rest)}`);
  const nodes = nodeCount(tree);
  if (nodes > FORMULA_LIMITS.max_nodes) throw new FormulaError(0, `${nodes} terms once the formulas it names are written out; at most ${FORMULA_LIMITS.max_nodes}`);
  return tree;
}

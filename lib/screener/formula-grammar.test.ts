import { describe, expect, it } from "vitest";
import { FORMULA_LIMITS, FormulaError, type FormulaNode, type FormulaVocabulary, nodeCount, parseFormula } from "./formula-grammar";

const vocabulary = (formulas: Record<string, FormulaNode> = {}): FormulaVocabulary => ({
  fields: new Set(["marketCap_usd", "peRatio", "revenue"]),
  metrics: new Set(["revenue", "operatingCashFlow", "capitalExpenditures"]),
  formulas: new Map(Object.entries(formulas)),
});

/** A tree without positions, as text: what the parser understood. */
function shape(node: FormulaNode): string {
  switch (node.kind) {
    case "number":
      return String(node.value);
    case "field":
      return node.name;
    case "year":
      return `fy(${node.metric},${node.offset})`;
    case "average":
      return `avg(${node.metric},${node.years}y)`;
    case "negate":
      return `(-${shape(node.arg)})`;
    case "binary":
      return `(${shape(node.left)}${node.op}${shape(node.right)})`;
    case "call":
      return `${node.fn}(${node.args.map(shape).join(",")})`;
    case "percentile":
      return `pct(${shape(node.arg)},${node.within})`;
  }
}

const parsed = (text: string, formulas?: Record<string, FormulaNode>) => shape(parseFormula(text, vocabulary(formulas)));

function failure(text: string): { position: number; reason: string } {
  try {
    parseFormula(text, vocabulary());
  } catch (error) {
    if (error instanceof FormulaError) return { position: error.position, reason: error.reason };
    throw error;
  }
  throw new Error(`${text} parsed`);
}

describe("parseFormula", () => {
  it("binds * and / tighter than + and -, left to right, with unary minus", () => {
    expect(parsed("1 + 2 * 3 - 4 / 2")).toBe("((1+(2*3))-(4/2))");
    expect(parsed("-(1 - 2) - -3")).toBe("((-(1-2))-(-3))");
    expect(parsed("8 / 4 / 2")).toBe("((8/4)/2)");
  });

  it("reads fields, metrics at offset 0, fy(), avg(), functions and percentiles", () => {
    expect(parsed("(operatingCashFlow + capitalExpenditures) / marketCap_usd")).toBe("((fy(operatingCashFlow,0)+fy(capitalExpenditures,0))/marketCap_usd)");
    expect(parsed("revenue / fy(revenue, 3)")).toBe("(revenue/fy(revenue,3))");
    expect(parsed("avg(revenue, 3y)")).toBe("avg(revenue,3y)");
    expect(parsed("min(abs(peRatio), 2, log(1e3))")).toBe("min(abs(peRatio),2,log(1000))");
    expect(parsed("pct(peRatio) + pct(-peRatio, sector)")).toBe("(pct(peRatio,market)+pct((-peRatio),sector))");
    expect(parsed(".5e1 * 2.")).toBe("(5*2)");
  });

  it("writes out an earlier formula where it is named, its positions moved to the name", () => {
    const yieldTree = parseFormula("operatingCashFlow / marketCap_usd", vocabulary());
    const tree = parseFormula("10 * fcf", vocabulary({ fcf: yieldTree }));
    expect(shape(tree)).toBe("(10*(fy(operatingCashFlow,0)/marketCap_usd))");
    expect(tree.kind === "binary" && tree.right.at).toBe(5);
    const refused = (() => {
      try {
        parseFormula("pct(p)", vocabulary({ p: parseFormula("pct(peRatio)", vocabulary()) }));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(FormulaError);
    expect((refused as FormulaError).position).toBe(4);
  });

  it.each([
    ["(revenue + ) / 2", 11, 'expected a number, a name or "(", found ")"'],
    ["revenue +", 9, "found the end of the formula"],
    ["(revenue", 8, '")" to close the "(" at character 1'],
    ["revenue)", 7, 'expected an operator or the end of the formula, found ")"'],
    ["2revenue", 1, "a name cannot follow a number"],
    ["revenue % 2", 8, 'unexpected "%"'],
    ["bogus * 2", 0, 'unknown name "bogus"'],
    ["sqrt(4)", 0, "unknown function sqrt()"],
    ["abs(1, 2)", 5, "abs() takes one argument"],
    ["min(1)", 0, "min() takes at least two arguments"],
    ["fy(marketCap_usd, 1)", 3, "fy() takes a fiscal-year metric first"],
    ["fy(revenue, 1.5)", 12, "fy() takes a whole offset"],
    ["fy(revenue, 10)", 12, "fy() takes a whole offset"],
    ["avg(revenue, 3)", 13, "avg() takes a number of fiscal years"],
    ["avg(revenue, 11y)", 13, "avg() takes a number of fiscal years"],
    ["3y * 2", 0, "only avg() takes one"],
    ["pct(peRatio, planet)", 13, "pct() ranks within one of market, sector"],
    ["pct(pct(peRatio))", 4, "a percentile of a percentile is not offered"],
    ["pct * 2", 3, "pct is a function"],
    ["1e999", 0, "too large a number"],
    ["revenue 😀", 8, 'unexpected "😀"'],
  ])("refuses %s at character %i: %s", (text, position, reason) => {
    const error = failure(text);
    expect(error.reason).toContain(reason);
    expect(error.position).toBe(position);
  });

  it("bounds the length, the nesting and the size", () => {
    expect(failure("1+".repeat(200) + "1").reason).toContain(`longer than ${FORMULA_LIMITS.max_length} characters`);
    expect(failure("(".repeat(13) + "1" + ")".repeat(13)).reason).toContain(`nested more than ${FORMULA_LIMITS.max_depth} deep`);
    expect(parsed("(".repeat(12) + "1" + ")".repeat(12))).toBe("1");
    expect(failure("-".repeat(13) + "1").reason).toContain("nested more than");
    expect(failure(Array.from({ length: 41 }, () => "1").join("+")).reason).toContain(`at most ${FORMULA_LIMITS.max_nodes}`);
    expect(failure(`min(${Array.from({ length: 9 }, () => "1").join(",")})`).reason).toContain("at most 8 arguments");
  });

  it("counts a named formula each time it is written out", () => {
    const base = parseFormula(Array.from({ length: 20 }, () => "revenue").join("+"), vocabulary());
    expect(nodeCount(base)).toBe(39);
    expect(nodeCount(parseFormula("f + f", vocabulary({ f: base })))).toBe(79);
    expect(() => parseFormula("f + f + 1", vocabulary({ f: base }))).toThrow(/81 terms once the formulas it names are written out/);
  });
});

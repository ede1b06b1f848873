import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_LISTED_ERRORS, ValidationError } from "./errors";
import { fieldErrorsFromZod } from "./zod-field-errors";

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return parsed.error;
};
// Like the screener's filters: one message naming every unknown key.
const schema = z.object({ filters: z.strictObject({}, { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown filter(s) ${issue.keys.join(", ")}; see the options` : undefined) }) });
const manyKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1]));

describe("fieldErrorsFromZod", () => {
  it("names each unknown member with its pointer, in zod's generic case as in a schema's own words", () => {
    expect(fieldErrorsFromZod(issuesOf(z.strictObject({ a: z.number() }), { a: 1, "b/c": 2 }))).toEqual([{ pointer: "/b~1c", message: 'Unknown member "b/c".' }]);
    const explained = z.strictObject({}, { error: (issue) => (issue.code === "unrecognized_keys" ? `not a filter: ${issue.keys.join(", ")}` : undefined) });
    expect(fieldErrorsFromZod(issuesOf(z.object({ filters: explained }), { filters: { x: 1 } }))).toEqual([{ pointer: "/filters/x", message: "not a filter: x" }]);
  });

  it("lists the first 20 of 3,000 unknown members and counts the rest in one entry", () => {
    const errors = fieldErrorsFromZod(issuesOf(schema, { filters: manyKeys(3000) }));
    expect(errors).toHaveLength(MAX_LISTED_ERRORS + 1);
    expect(errors.slice(0, MAX_LISTED_ERRORS).map((e) => e.pointer)).toEqual(Array.from({ length: MAX_LISTED_ERRORS }, (_, i) => `/filters/k${i}`));
    expect(errors.at(-1)).toEqual({ pointer: "", message: "…and 2,980 more not listed: 2,980 unknown members." });
  });

  it("reports a member of the wrong type once, not also against the checks of the type it should have", () => {
    const schema = z.object({ exclude: z.array(z.string()).max(10, "at most 10 words or phrases"), tickers: z.array(z.string()).max(2, "at most 2 tickers") });
    expect(fieldErrorsFromZod(issuesOf(schema, { exclude: "restructuring", tickers: ["A", "B", "C"] }))).toEqual([
      { pointer: "/exclude", message: "Invalid input: expected array, received string" },
      { pointer: "/tickers", message: "at most 2 tickers" },
    ]);
  });

  it("counts unknown members and other errors apart", () => {
    const schema = z.strictObject({ n: z.array(z.number()) });
    const errors = fieldErrorsFromZod(issuesOf(schema, { n: Array.from({ length: 25 }, () => "x"), ...manyKeys(5) }));
    expect(errors).toHaveLength(MAX_LISTED_ERRORS + 1);
    expect(errors.at(-1)!.message).toBe("…and 10 more not listed: 5 unknown members, 5 other errors.");
  });
});

describe("ValidationError", () => {
  it("keeps the answer small whatever it is given: 21 entries at most, short messages, a short summary", () => {
    const error = new ValidationError(fieldErrorsFromZod(issuesOf(schema, { filters: manyKeys(3000) })));
    expect(error.errors).toHaveLength(MAX_LISTED_ERRORS + 1);
    for (const { message } of error.errors) expect(message.length).toBeLessThanOrEqual(300);
    // A long message keeps its start and its advice at the end.
    expect(error.errors[0]!.message).toMatch(/^unknown filter\(s\) k0, k1, .*….*; see the options$/);
    expect(error.message.length).toBeLessThanOrEqual(1000);
    expect(JSON.stringify(error.errors).length).toBeLessThan(10_000);
  });

  it("cuts any long list at 20 and counts the rest; a list already cut passes unchanged", () => {
    const errors = Array.from({ length: 500 }, (_, i) => ({ pointer: `/values/${i}`, message: "not an option" }));
    const cut = new ValidationError(errors).errors;
    expect(cut).toHaveLength(MAX_LISTED_ERRORS + 1);
    expect(cut.at(-1)).toEqual({ pointer: "", message: "…and 480 more not listed: 480 errors." });
    expect(new ValidationError(cut).errors).toEqual(cut);
  });

  it("never splits a surrogate pair when it shortens", () => {
    const { message } = new ValidationError([{ pointer: "", message: "😀".repeat(400) }]).errors[0]!;
    expect(message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

import { describe, expect, it } from "vitest";
import { FILTER_BY_NAME } from "./catalog";
import { FILTER_TYPE_DEFAULTS } from "./filter-settings";
import { ftsTerms, toFtsQuery } from "./fts-query";
import { BasicScreenRequest, filterPayloadSchema } from "./request-schema";

const fts = (text: string) => toFtsQuery(ftsTerms(text));

describe("toFtsQuery", () => {
  it("quotes every term so that all must match", () => {
    expect(fts("cloud software")).toBe('"cloud" "software"');
  });
  it("keeps quoted phrases and prefix terms", () => {
    expect(fts('"electric vehicles" batter*')).toBe('"electric vehicles" "batter"*');
  });
  it("treats FTS5 syntax as plain text", () => {
    expect(fts('NEAR(a b) col:x -y AND OR "')).toBe('"NEAR" "a" "b" "col" "x" "y" "AND" "OR"');
    expect(fts("^* ( ) :")).toBeNull();
  });
});

describe("bounds of the text filter", () => {
  const schema = filterPayloadSchema(FILTER_BY_NAME.get("description_keywords")!);
  const messages = (text: string) => schema.safeParse({ fts: text }).error?.issues.map((i) => i.message) ?? [];

  it("are published as the text input type's settings", () => {
    expect(FILTER_TYPE_DEFAULTS.text).toEqual({ operators: ["fts"], max_length: 500, max_terms: 12, max_prefix_terms: 4, min_prefix_length: 3 });
  });

  it("accepts every bound itself", () => {
    expect(messages(`${"word ".repeat(8)}abc* bcd* cde* def*`)).toEqual([]);
    expect(messages('"one two three four five six seven eight nine ten eleven twelve"')).toEqual([]);
    expect(messages("日本語*")).toEqual([]);
  });

  it("refuses text without letters or digits, whatever its characters", () => {
    for (const text of ["*", "((((", "*** ((", '"" - :']) expect(messages(text)).toEqual(["has no searchable words (letters or digits)"]);
    expect(messages("   ")).toEqual(["give at least one search term"]);
  });

  it("refuses more words than max_terms, each word of a phrase counting", () => {
    expect(messages("w ".repeat(13))).toEqual(["at most 12 words (max_terms)"]);
    expect(messages('"a b c d e f g" h i j k l m')).toEqual(["at most 12 words (max_terms)"]);
  });

  it("refuses short prefix stems and more prefix terms than max_prefix_terms", () => {
    expect(messages("a*")).toEqual(["a prefix* term needs at least 3 letters or digits before * (min_prefix_length)"]);
    expect(messages("semi co-op*")).toEqual(["a prefix* term needs at least 3 letters or digits before * (min_prefix_length)"]);
    expect(messages("abc* bcd* cde* def* efg*")).toEqual(["at most 4 prefix* terms (max_prefix_terms)"]);
  });

  it("points at the filter's fts member", () => {
    const letters = Array.from({ length: 166 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}*`).join(" ");
    const parsed = BasicScreenRequest.safeParse({ filters: { marketCap_usd: { min: 0 }, description_keywords: { fts: letters } }, result_format: "tickers" });
    expect(parsed.error?.issues.map((i) => i.path)).toEqual([
      ["filters", "description_keywords", "fts"],
      ["filters", "description_keywords", "fts"],
      ["filters", "description_keywords", "fts"],
    ]);
  });
});

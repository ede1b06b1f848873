import { describe, expect, it } from "vitest";
import { toFtsQuery } from "./fts-query";

describe("toFtsQuery", () => {
  it("quotes every term so that all must match", () => {
    expect(toFtsQuery("cloud software")).toBe('"cloud" "software"');
  });
  it("keeps quoted phrases and prefix terms", () => {
    expect(toFtsQuery('"electric vehicles" batter*')).toBe('"electric vehicles" "batter"*');
  });
  it("treats FTS5 syntax as plain text", () => {
    expect(toFtsQuery('NEAR(a b) col:x -y AND OR "')).toBe('"NEAR" "a" "b" "col" "x" "y" "AND" "OR"');
    expect(toFtsQuery("^* ( ) :")).toBeNull();
  });
});

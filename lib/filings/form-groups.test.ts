import { describe, expect, it } from "vitest";
import { FILING_TYPES } from "./filing-types";
import { FORM_GROUPS, FORM_GROUP_NAMES, filingTypesOf } from "./form-groups";

describe("form groups", () => {
  it("cover every filing type exactly once", () => {
    const covered = FORM_GROUP_NAMES.flatMap((group) => FORM_GROUPS[group]);
    expect([...covered].sort()).toEqual([...FILING_TYPES].sort());
  });

  it("map to their filing types, each once, in group order", () => {
    expect(filingTypesOf(["annual"])).toEqual(["10-K", "annual-report"]);
    expect(filingTypesOf(["current", "earnings"])).toEqual(["8-K", "earnings-release"]);
    expect(filingTypesOf(["quarterly", "annual", "quarterly"])).toEqual(["10-Q", "10-K", "annual-report"]);
  });
});

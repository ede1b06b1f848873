import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentFacts, factDate } from "./inline-xbrl-dei";

// Real EDGAR primary documents from edgartools (test/fixtures/edgar/README.md).
const facts = (file: string) => documentFacts(readFileSync(`test/fixtures/edgar/${file}`, "utf8"));

describe("documentFacts", () => {
  it("reads the form, fiscal year, period and period end an inline XBRL filing declares", () => {
    expect(facts("Apple.10-K.html")).toEqual({ documentType: "10-K", fiscalYear: 2024, fiscalPeriod: "FY", periodEnd: "2024-09-28" });
    expect(facts("Apple.10-Q.html")).toEqual({ documentType: "10-Q", fiscalYear: 2024, fiscalPeriod: "Q3", periodEnd: "2024-06-29" });
    expect(facts("Oracle.10-Q.html")).toMatchObject({ documentType: "10-Q", fiscalYear: 2025, fiscalPeriod: "Q1" });
    expect(facts("Nvidia.10-K.html")).toMatchObject({ documentType: "10-K", fiscalYear: 2023, fiscalPeriod: "FY" });
    expect(facts("BuckleInc.8-K.html")).toMatchObject({ documentType: "8-K", periodEnd: "2024-11-22" });
  });

  it("gives nothing for a document without inline XBRL", () => {
    expect(documentFacts("<html><body><p>Form 10-K</p></body></html>")).toEqual({ documentType: null, fiscalYear: null, fiscalPeriod: null, periodEnd: null });
  });

  it("reads the dates inline XBRL writes", () => {
    expect(factDate("September 28, 2024")).toBe("2024-09-28");
    expect(factDate("Sept. 3, 2023")).toBe("2023-09-03");
    expect(factDate("2024-06-29")).toBe("2024-06-29");
    expect(factDate("the 28th")).toBeNull();
  });
});

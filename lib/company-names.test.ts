import { describe, expect, it } from "vitest";
import { companyNameKey, namesMatch, sameCompanyName } from "./company-names";

describe("companyNameKey", () => {
  it("joins dotted initials and drops legal forms and share classes", () => {
    expect(companyNameKey("A. O. Smith")).toBe("aosmith");
    expect(companyNameKey("A.O. Smith Corp")).toBe("aosmith");
    expect(companyNameKey("Embotelladora Andina S.A.")).toBe("embotelladoraandina");
    expect(companyNameKey("Aon Plc Class A")).toBe("aon");
    expect(companyNameKey("Discovery Inc. (Series C)")).toBe("discovery");
    expect(companyNameKey("Walt Disney Company (The)")).toBe(companyNameKey("The Walt Disney Company"));
  });
  it("folds accents and ampersands", () => {
    expect(companyNameKey("Estée Lauder Companies")).toBe(companyNameKey("Estee Lauder Cos."));
    expect(companyNameKey("AT&T Inc.")).toBe("att");
  });
});

describe("sameCompanyName", () => {
  it("accepts reordered words and rejects short forms", () => {
    expect(sameCompanyName("Lilly (Eli)", "Eli Lilly and Company")).toBe(true);
    expect(sameCompanyName("Grainger (W.W.) Inc.", "W. W. Grainger")).toBe(true);
    expect(sameCompanyName("Apple", "Apple Hospitality REIT")).toBe(false);
  });
});

describe("namesMatch", () => {
  it("matches short and legal names", () => {
    expect(namesMatch("JPMorgan", "JPMorgan Chase & Co.")).toBe(true);
    expect(namesMatch("Coca-Cola", "The Coca-Cola Company")).toBe(true);
    expect(namesMatch("O'Reilly Automotive", "O’Reilly Automotive")).toBe(true);
    expect(namesMatch("Aon plc", "Aon Plc Class A")).toBe(true);
    expect(namesMatch("Walmart", "Wal-Mart Stores")).toBe(true);
  });
  it("does not match different companies", () => {
    expect(namesMatch("Du Pont (E.I.)", "DuPont de Nemours Inc")).toBe(false);
    expect(namesMatch("Apple Inc.", "Applied Materials")).toBe(false);
    expect(namesMatch("Inc.", "Apple Inc.")).toBe(false);
  });
});

/**
 * Data tests: identity and classification as of the data's date (docs/METRICS.md "Identity and
 * classification"), re-derived from the raw 2016 and 2026 S&P 500 lists and the curated GICS 2016
 * tables. Needs the database (`npm run ingest`).
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { builtDb, company, rawCsv } from "@/test/support/ingest/raw-files";

const curated = (file: string) => parse(readFileSync(`${env().DATA_DIR}/curated/${file}`, "utf8"), { columns: true }) as Record<string, string>[];
const structure = curated("gics-2016.csv");
const labels = curated("gics-2016-labels.csv");
const list2016 = rawCsv("kaggle/securities-2016.csv.br");
const list2026 = rawCsv("sp500/constituents-2026.csv.br");

/** The 2016 list's label placed in the GICS 2016 structure: by name, else by the curated label table. */
function expected2016(symbol: string) {
  const row = list2016.find((r) => r["Ticker Symbol"] === symbol)!;
  const label = row["GICS Sub Industry"]!;
  const code = labels.find((l) => l.source === "sp500-2016" && l.label === label)?.gics_2016_code;
  const sub = structure.find((s) => s.sub_industry === label || s.sub_industry_code === code);
  const industry = sub ?? structure.find((s) => s.industry_code === code)!;
  return {
    companyName: row.Security!,
    symbol,
    cik: Number(row.CIK),
    sector: industry.sector,
    industry_group: industry.industry_group,
    industry: industry.industry,
    sub_industry: sub?.sub_industry ?? null,
    classification_basis: "sp500-2016",
  };
}

/** Today's name and symbol where the 2026 list (joined by CIK) gives others. */
function expectedToday(cik: number) {
  const rows = list2026.filter((r) => Number(r.CIK) === cik);
  return rows.map((r) => [r.Security, r.Symbol]);
}

const row = (symbol: string) =>
  builtDb().prepare("SELECT * FROM companies WHERE in_sp500 = 1 AND symbol = ?").get(symbol) as Record<string, string | number | null>;

describe("identity and classification as of 2016", () => {
  it.each(["ZTS", "GOOGL", "FB", "V", "MA", "SYMC", "AAPL", "WMT", "TGT", "HD"])("%s carries its 2016 name, ticker and GICS 2016 labels", (symbol) => {
    const expected = expected2016(symbol);
    expect(row(symbol)).toMatchObject(expected);
    expect(row(symbol).sector).not.toBe("Communication Services");
  });

  it("places the named members where GICS had them in 2016", () => {
    const place = (symbol: string) => [row(symbol).sector, row(symbol).industry, row(symbol).sub_industry];
    expect(place("FB")).toEqual(["Information Technology", "Internet Software & Services", "Internet Software & Services"]);
    expect(place("GOOGL")).toEqual(["Information Technology", "Internet Software & Services", "Internet Software & Services"]);
    expect(place("V")).toEqual(["Information Technology", "Internet Software & Services", "Internet Software & Services"]);
    expect(place("MA")).toEqual(["Information Technology", "Internet Software & Services", "Internet Software & Services"]);
    // "Computer Hardware" in the list: GICS renamed it in 2014.
    expect(place("AAPL")).toEqual(["Information Technology", "Technology Hardware, Storage & Peripherals", "Technology Hardware, Storage & Peripherals"]);
    expect(place("WMT")).toEqual(["Consumer Staples", "Food & Staples Retailing", "Hypermarkets & Super Centers"]);
    expect(place("TGT")).toEqual(["Consumer Discretionary", "Multiline Retail", "General Merchandise Stores"]);
    expect(place("HD")).toEqual(["Consumer Discretionary", "Specialty Retail", "Home Improvement Retail"]);
    expect(place("SYMC")).toEqual(["Information Technology", "Software", "Application Software"]);
    expect(place("ZTS")).toEqual(["Health Care", "Pharmaceuticals", "Pharmaceuticals"]);
  });

  it("shows today's name and ticker beside the 2016 ones, both searchable", () => {
    for (const [then, full] of [["FB", "NASDAQ:FB"], ["SYMC", "NASDAQ:SYMC"]] as const) {
      const company = row(then);
      expect(company.full_ticker).toBe(full);
      const [[name, symbol]] = expectedToday(company.cik as number) as [[string, string]];
      expect([company.current_name, company.current_symbol]).toEqual([name, symbol]);
      expect(builtDb().prepare("SELECT company_id FROM company_ticker_aliases WHERE full_ticker = ?").pluck().get(`NASDAQ:${symbol}`)).toBe(company.id);
      const search = (term: string) => builtDb().prepare("SELECT rowid FROM company_search WHERE company_search MATCH ?").pluck().all(term) as number[];
      expect(search(`companyName:"${name}"`)).toContain(company.id);
      expect(search(`companyName:"${company.companyName}"`)).toContain(company.id);
    }
    expect([row("FB").current_name, row("SYMC").current_name]).toEqual(["Meta Platforms", "Gen Digital"]);
    // A respelling is not a new name.
    expect(row("HD").current_name).toBeNull();
  });

  it("uses one taxonomy in the filter columns: the GICS structure effective 2016-09-01", () => {
    const sectors = builtDb().prepare("SELECT DISTINCT sector FROM companies WHERE sector IS NOT NULL ORDER BY 1").pluck().all();
    expect(sectors).toEqual([...new Set(structure.map((s) => s.sector))].sort());
    for (const [column, level] of [["industry_group", "industry_group"], ["industry", "industry"], ["sub_industry", "sub_industry"]] as const) {
      const known = new Set(structure.map((s) => s[level]));
      const values = builtDb().prepare(`SELECT DISTINCT ${column} FROM companies WHERE ${column} IS NOT NULL`).pluck().all() as string[];
      expect(values.filter((v) => !known.has(v)), column).toEqual([]);
    }
    // Profile-only companies keep FinanceDatabase's own labels beside, with their vintage.
    const sources = builtDb().prepare("SELECT DISTINCT current_classification_source FROM companies WHERE in_sp500 = 0").pluck().all();
    expect(sources.sort()).toEqual(["FinanceDatabase, 2026-08", null]);
  });
});

describe("joins", () => {
  it("makes ZTS a US health-care company with its own description, not TIS Inc.'s profile", () => {
    const zts = company("ZTS");
    expect(zts).toMatchObject({ country: "United States", sector: "Health Care" });
    const profile = builtDb().prepare("SELECT description, website FROM company_profiles WHERE company_id = ?").get(zts.id) as Record<string, string | null>;
    expect(profile.website).toBeNull();
    expect(profile.description).toMatch(/^Zoetis Inc\. .*animal health/);
    const it10b = builtDb()
      .prepare("SELECT symbol FROM companies WHERE sector = 'Information Technology' AND marketCap_usd > 1e10")
      .pluck()
      .all();
    expect(it10b).not.toContain("ZTS");
  });
});

/**
 * Screens run in-process against the built database; expected results are re-derived in plain
 * TypeScript from the stored per-company and per-fiscal-year values (never from the compiler's SQL).
 */
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { env } from "@/lib/env";
import { AdvancedScreenRequest, BasicScreenRequest, uiScreenRequestSchema } from "./request-schema";
import type { RowsResponse, TickersResponse } from "./response-schema";
import { runScreen, screenCompanyIds } from "./service";
import { compileScreen } from "./compile";
import { marketDb } from "@/lib/db/market-db";

type Company = Record<string, number | string | null> & { id: number; full_ticker: string };
type FiscalYear = Record<string, number | string | null> & { company_id: number; fy_offset: number };

let companies: Company[];
let fiscal: Map<number, Map<number, FiscalYear>>;
/** Per company, each searched column (name, symbols, description) as " token token ", folded as the FTS5 unicode61 tokenizer folds it. */
let searched: Map<number, string[]>;
const fold = (text: string) => ` ${(text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []).join(" ")} `;

beforeAll(() => {
  const db = new Database(env().DATABASE_PATH, { readonly: true });
  // A screen's universe: one row per company, its primary listing (docs/METRICS.md "Share classes").
  companies = db.prepare("SELECT * FROM companies WHERE id = issuer_id").all() as Company[];
  fiscal = new Map();
  for (const row of db.prepare("SELECT * FROM fiscal_years").all() as FiscalYear[]) {
    if (!fiscal.has(row.company_id)) fiscal.set(row.company_id, new Map());
    fiscal.get(row.company_id)!.set(row.fy_offset, row);
  }
  const symbols = new Map<number, string[]>();
  for (const { company_id, symbol } of db.prepare("SELECT company_id, symbol FROM company_symbols").all() as { company_id: number; symbol: string }[]) {
    symbols.set(company_id, [...(symbols.get(company_id) ?? []), symbol]);
  }
  const descriptions = new Map(
    (db.prepare("SELECT company_id, description FROM company_profiles").all() as { company_id: number; description: string | null }[]).map((p) => [p.company_id, p.description ?? ""]),
  );
  searched = new Map(companies.map((c) => [c.id, [fold(String(c.companyName)), fold((symbols.get(c.id) ?? []).join(" ")), fold(descriptions.get(c.id) ?? "")]]));
  db.close();
});

const advanced = (body: unknown) => runScreen(AdvancedScreenRequest.parse(body));
const basic = (body: unknown) => runScreen(BasicScreenRequest.parse(body));
/** Every matching ticker, in order, paging through the whole result. */
function allTickers(body: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = advanced({ ...body, result_format: "tickers", page: { limit: 1000, offset } }) as TickersResponse;
    out.push(...page.tickers);
    if (page.tickers.length < 1000) return out;
  }
}
const sorted = (values: string[]) => [...values].sort();
const value = (c: Company, field: string) => c[field] as number | null;

describe("multi_select", () => {
  it("includes the listed values and, with exclude, keeps companies whose value is missing", () => {
    const include = allTickers({ filters: { country: { values: ["Japan", "Canada"] } } });
    expect(sorted(include)).toEqual(sorted(companies.filter((c) => c.country === "Japan" || c.country === "Canada").map((c) => c.full_ticker)));
    const exclude = allTickers({ filters: { country: { operator: "exclude", values: ["United States"] } } });
    const expected = companies.filter((c) => c.country !== "United States");
    expect(exclude.length).toBe(expected.length);
    expect(expected.some((c) => c.country === null)).toBe(true);
  });

  it("data coverage: include needs every data set, exclude none of them", () => {
    const both = allTickers({ filters: { coverage: { values: ["prices", "fundamentals"] } } });
    expect(sorted(both)).toEqual(sorted(companies.filter((c) => c.has_prices === 1 && c.has_fundamentals === 1).map((c) => c.full_ticker)));
    const none = basic({ filters: { coverage: { operator: "exclude", values: ["profile"] } }, result_format: "tickers" }) as TickersResponse;
    expect(none.total).toBe(companies.filter((c) => c.has_profile === 0).length);
  });

  it("rejects values that are not in the option list, pointing at the value", () => {
    expect(() => basic({ filters: { country: { values: ["United States", "Atlantis"] } } })).toThrow(ValidationError);
    try {
      basic({ filters: { country: { values: ["United States", "Atlantis"] } } });
    } catch (error) {
      expect((error as ValidationError).errors).toEqual([
        { pointer: "/filters/country/values/1", message: expect.stringContaining("option_values.countries") },
      ]);
    }
  });
});

describe("range", () => {
  it("applies min and max inclusively and excludes missing values", () => {
    const result = allTickers({ filters: { marketCap_usd: { min: 1e10, max: 1e11 }, dividendYieldTTM: { min: 0.02 } } });
    const expected = companies.filter((c) => {
      const cap = value(c, "marketCap_usd");
      const yieldTtm = value(c, "dividendYieldTTM");
      return cap !== null && cap >= 1e10 && cap <= 1e11 && yieldTtm !== null && yieldTtm >= 0.02;
    });
    expect(sorted(result)).toEqual(sorted(expected.map((c) => c.full_ticker)));
    expect(result.length).toBeGreaterThan(10);
  });
});

describe("text", () => {
  it("needs every term and supports phrases and prefixes", () => {
    const filters = { description_keywords: { fts: '"semiconductor equipment" wafer*' } };
    const rows = advanced({ filters, fields: ["full_ticker"] }) as RowsResponse;
    expect(rows.total).toBeGreaterThan(0);
    const ids = new Set(rows.rows.map((r) => r.full_ticker));
    const described = companies.filter((c) => ids.has(c.full_ticker));
    expect(described.length).toBe(rows.rows.length);
    // Every company some column of which holds the phrase and a word starting "wafer", and no other.
    const matches = (c: Company) => {
      const columns = searched.get(c.id)!;
      return columns.some((col) => col.includes(" semiconductor equipment ")) && columns.some((col) => col.includes(" wafer"));
    };
    const expected = companies.filter(matches).map((c) => c.full_ticker);
    expect(sorted(allTickers({ filters }))).toEqual(sorted(expected));
  });

  it("treats FTS syntax as text and reports text without words", () => {
    expect(() => advanced({ filters: { description_keywords: { fts: 'bank NEAR( "x col:y -z AND OR' } } })).not.toThrow();
    // The request schema refuses it (a zod error the API turns into a 400 naming /filters/description_keywords/fts).
    expect(() => advanced({ filters: { description_keywords: { fts: "*** ((" } } })).toThrow(/has no searchable words/);
  });
});

describe("text filter plan", () => {
  // A per-row probe (a correlated subquery) re-reads every term's doclist for each candidate company.
  it.each([
    ["alone", {}],
    ["narrowed by a range", { marketCap_usd: { min: 1e9 } }],
    ["with a multi-select", { country: { values: ["Japan"] } }],
  ])("matches the full-text index once per query, as a set (%s)", (_, others) => {
    const compiled = compileScreen(BasicScreenRequest.parse({ filters: { ...others, description_keywords: { fts: "com* ser* software" } } }));
    const paged = [compiled.limit, compiled.offset];
    const statements: [sql: string, params: unknown[]][] = [
      [compiled.countSql, compiled.params],
      [compiled.valuesPageSql, [...compiled.params, ...paged]],
      [compiled.nullsPageSql, [...compiled.params, ...paged]],
    ];
    for (const [sql, params] of statements) {
      const plan = marketDb()
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => row.detail);
      expect(plan.filter((detail) => detail.includes("company_search"))).toEqual(["SCAN company_search VIRTUAL TABLE INDEX 0:M3"]);
      expect(plan).toContain("LIST SUBQUERY 1");
      expect(plan.join("\n")).not.toMatch(/CORRELATED/);
    }
  });
});

describe("metric rule group", () => {
  const avg = (c: Company, metric: string, from: number, years: number) => {
    const values: number[] = [];
    for (let k = from; k < from + years; k++) {
      const v = fiscal.get(c.id)?.get(k)?.[metric];
      if (typeof v !== "number") return null;
      values.push(v);
    }
    return values.reduce((a, b) => a + b, 0) / values.length;
  };

  it("filters on a trailing average (strict: a missing year fails) and returns it as a temporary column", () => {
    const body = {
      filters: {
        returnOnInvestedCapital: { rules: [{ kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.2 }] },
      },
      fields: ["full_ticker"],
      page: { limit: 1000 },
    };
    const rows = advanced(body) as RowsResponse;
    const expected = companies.filter((c) => (avg(c, "returnOnInvestedCapital", 0, 3) ?? -Infinity) >= 0.2);
    expect(sorted(rows.rows.map((r) => r.full_ticker as string))).toEqual(sorted(expected.map((c) => c.full_ticker)));
    expect(rows.temporary_columns.map((t) => t.name)).toEqual(["returnOnInvestedCapital_avg3y_fy0"]);
    for (const row of rows.rows) {
      const c = companies.find((x) => x.full_ticker === row.full_ticker)!;
      expect(row.returnOnInvestedCapital_avg3y_fy0).toBeCloseTo(avg(c, "returnOnInvestedCapital", 0, 3)!, 12);
    }
  });

  it("sorts by a temporary column on the screener page's endpoints (nulls last, ties on full_ticker); v1 refuses it", () => {
    const column = "returnOnInvestedCapital_avg3y_fy0";
    const filters = {
      country: { values: ["United States"] },
      returnOnInvestedCapital: { missing_policy: "skip_missing", rules: [{ kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.15 }] },
    };
    const ui = uiScreenRequestSchema("advanced");
    const tickers: string[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = runScreen(ui.parse({ filters, sort: { field: column, desc: false }, result_format: "tickers", page: { limit: 1000, offset } })) as TickersResponse;
      tickers.push(...page.tickers);
      if (page.tickers.length < 1000) break;
    }
    const byTicker = (a: Company, b: Company) => (a.full_ticker < b.full_ticker ? -1 : 1);
    const kept = companies
      .filter((c) => c.country === "United States")
      .map((c) => ({ c, v: avg(c, "returnOnInvestedCapital", 0, 3) }))
      .filter(({ v }) => v === null || v >= 0.15);
    const expected = kept.sort((a, b) => (a.v === null || b.v === null ? (a.v === b.v ? byTicker(a.c, b.c) : a.v === null ? 1 : -1) : a.v - b.v || byTicker(a.c, b.c)));
    expect(expected.some(({ v }) => v === null) && expected.some(({ v }) => v !== null)).toBe(true);
    expect(tickers).toEqual(expected.map(({ c }) => c.full_ticker));

    expect(AdvancedScreenRequest.safeParse({ filters, sort: { field: column } }).success).toBe(false);
    const unknown = () => runScreen(ui.parse({ filters, sort: { field: "revenueCagr_3y" } }));
    expect(unknown).toThrow(ValidationError);
    try {
      unknown();
    } catch (error) {
      expect(error instanceof ValidationError && error.errors[0]!.pointer).toBe("/sort/field");
    }
  });

  it("compares fiscal years; skip_missing keeps companies whose value is missing", () => {
    const rule = { kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gt", right: { kind: "fy", offset: 1 } };
    const strict = allTickers({ filters: { netMargin: { rules: [rule] } } });
    const fy = (c: Company, k: number) => fiscal.get(c.id)?.get(k)?.netMargin as number | null | undefined;
    const expectedStrict = companies.filter((c) => typeof fy(c, 0) === "number" && typeof fy(c, 1) === "number" && fy(c, 0)! > fy(c, 1)!);
    expect(sorted(strict)).toEqual(sorted(expectedStrict.map((c) => c.full_ticker)));
    const lenient = allTickers({ filters: { netMargin: { missing_policy: "skip_missing", rules: [rule] } } });
    const failing = companies.filter((c) => typeof fy(c, 0) === "number" && typeof fy(c, 1) === "number" && !(fy(c, 0)! > fy(c, 1)!));
    expect(lenient.length).toBe(companies.length - failing.length);
  });

  it("treats TTM as missing for a metric the quarterly reports give none of", () => {
    const rule = { kind: "range", operand: { kind: "ttm" }, min: 0 };
    expect(advanced({ filters: { grossMargin: { rules: [rule] } } }).total).toBe(0);
    expect(advanced({ filters: { grossMargin: { missing_policy: "skip_missing", rules: [rule] } } }).total).toBe(companies.length);
  });

  it("compares with a constant", () => {
    const result = allTickers({
      filters: { debtToEquity: { rules: [{ kind: "compare", left: { kind: "fy", offset: 0 }, operator: "lte", right: { kind: "constant", value: 0.5 } }] } },
    });
    const expected = companies.filter((c) => {
      const v = fiscal.get(c.id)?.get(0)?.debtToEquity;
      return typeof v === "number" && v <= 0.5;
    });
    expect(sorted(result)).toEqual(sorted(expected.map((c) => c.full_ticker)));
  });
});

describe("growth rule group", () => {
  it("filters on CAGR and multiple per docs/METRICS.md and returns the values", () => {
    const body = {
      filters: {
        incomeStatementGrowth: {
          rules: [
            { metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: 0.1 },
            { metric: "eps", horizon_years: 2, value_type: "multiple", currency_basis: "usd", min: 1.2 },
          ],
        },
      },
      fields: ["full_ticker"],
      page: { limit: 1000 },
    };
    const rows = advanced(body) as RowsResponse;
    const growth = (c: Company, metric: string, h: number) => {
      const v0 = fiscal.get(c.id)?.get(0)?.[metric];
      const vh = fiscal.get(c.id)?.get(h)?.[metric];
      return typeof v0 === "number" && typeof vh === "number" && v0 > 0 && vh > 0 ? v0 / vh : null;
    };
    const expected = companies.filter((c) => {
      const revenue = growth(c, "revenue", 3);
      const eps = growth(c, "eps", 2);
      return revenue !== null && revenue ** (1 / 3) - 1 >= 0.1 && eps !== null && eps >= 1.2;
    });
    expect(sorted(rows.rows.map((r) => r.full_ticker as string))).toEqual(sorted(expected.map((c) => c.full_ticker)));
    expect(rows.temporary_columns.map((t) => t.name)).toEqual(["revenueCagr_3y", "epsMultipleUsd_2y"]);
    const first = rows.rows[0]!;
    const c = companies.find((x) => x.full_ticker === first.full_ticker)!;
    expect(first.revenueCagr_3y).toBeCloseTo(growth(c, "revenue", 3)! ** (1 / 3) - 1, 12);
  });

  it("excludes companies without data at the horizon", () => {
    const result = advanced({
      filters: { incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 7, value_type: "multiple", currency_basis: "reported", min: 0 }] } },
      result_format: "tickers",
    }) as TickersResponse;
    // Only companies with SEC companyfacts histories reach back seven fiscal years.
    expect(result.tickers.sort()).toEqual(["NASDAQ:AAPL", "NASDAQ:NVDA"]);
  });
});

describe("volatility and composite member groups, field_compare", () => {
  it("applies range and compare rules over members", () => {
    const result = allTickers({
      filters: {
        volatility: {
          rules: [
            { kind: "compare", left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" },
            { kind: "range", field: "daily_return_vol_1y_annualized", max: 0.2 },
          ],
        },
      },
    });
    const expected = companies.filter((c) => {
      const v1 = value(c, "daily_return_vol_1y_annualized");
      const v5 = value(c, "daily_return_vol_5y_annualized");
      return v1 !== null && v5 !== null && v1 < v5 && v1 <= 0.2;
    });
    expect(sorted(result)).toEqual(sorted(expected.map((c) => c.full_ticker)));
    const legacy = allTickers({
      filters: { volatility_compare: { left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" } },
    });
    expect(legacy.length).toBe(
      companies.filter((c) => {
        const v1 = value(c, "daily_return_vol_1y_annualized");
        const v5 = value(c, "daily_return_vol_5y_annualized");
        return v1 !== null && v5 !== null && v1 < v5;
      }).length,
    );
  });

  it("margins: operating margin at least half of gross margin", () => {
    const rows = advanced({
      filters: {
        margins: {
          rules: [
            { kind: "range", field: "grossMargin", min: 0.4 },
            { kind: "compare", left_field: "netMargin", operator: "gte", right_field: "operatingMargin" },
          ],
        },
      },
      fields: ["full_ticker"],
      page: { limit: 1000 },
    }) as RowsResponse;
    const expected = companies.filter((c) => {
      const g = value(c, "grossMargin");
      const n = value(c, "netMargin");
      const o = value(c, "operatingMargin");
      return g !== null && g >= 0.4 && n !== null && o !== null && n >= o;
    });
    expect(sorted(rows.rows.map((r) => r.full_ticker as string))).toEqual(sorted(expected.map((c) => c.full_ticker)));
    expect(rows.temporary_columns.map((t) => t.name)).toEqual(["netMargin", "operatingMargin"]);
  });
});

describe("sorting and paging", () => {
  it("sorts nulls last with ties broken on full_ticker, and pages tile exactly", () => {
    const body = { filters: { country: { values: ["United States"] } }, sort: { field: "price", desc: false } };
    const all = allTickers(body);
    const us = companies.filter((c) => c.country === "United States");
    const byTicker = (a: Company, b: Company) => (a.full_ticker < b.full_ticker ? -1 : 1);
    const expected = [...us].sort((a, b) => {
      const pa = value(a, "price");
      const pb = value(b, "price");
      if (pa === null || pb === null) return pa === pb ? byTicker(a, b) : pa === null ? 1 : -1;
      return pa - pb || byTicker(a, b);
    });
    expect(all).toEqual(expected.map((c) => c.full_ticker));
    const pages: string[] = [];
    for (let offset = 0; offset < 250; offset += 50) {
      pages.push(...(advanced({ ...body, result_format: "tickers", page: { limit: 50, offset } }) as TickersResponse).tickers);
    }
    expect(pages).toEqual(all.slice(0, 250));
  });

  it("defaults to market cap descending, 100 rows and the default fields", () => {
    const rows = basic({}) as RowsResponse;
    expect(rows.limit).toBe(100);
    expect(rows.offset).toBe(0);
    expect(rows.total).toBe(companies.length);
    expect(rows.loaded_fields).toContain("marketCap_usd");
    const caps = rows.rows.map((r) => r.marketCap_usd as number);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    expect(rows.temporary_columns).toEqual([]);
  });

  it("answers an empty page past the end with the exact total", () => {
    const page = basic({ page: { offset: 10_000_000 }, result_format: "tickers" }) as TickersResponse;
    expect(page.tickers).toEqual([]);
    expect(page.total).toBe(companies.length);
  });

  it("loads only full_ticker for tickers and ignores fields", () => {
    const page = basic({ fields: ["companyName", "description"], result_format: "tickers", page: { limit: 3 } }) as TickersResponse;
    expect(Object.keys(page).sort()).toEqual(["as_of", "limit", "offset", "tickers", "total"]);
    expect(page.tickers).toHaveLength(3);
  });
});

describe("screenCompanyIds", () => {
  it("selects exactly the companies of the screen, however many", () => {
    const filters = { sector: { values: ["Information Technology"] }, return_1y: { min: 0 } };
    const byId = new Map(companies.map((c) => [c.id, c.full_ticker]));
    expect(sorted(screenCompanyIds(AdvancedScreenRequest.parse({ filters }).filters).map((id) => byId.get(id)!))).toEqual(sorted(allTickers({ filters })));
    expect(screenCompanyIds({})).toHaveLength(companies.length);
  });
});

import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SqlCount } from "@/lib/db/sql-rows";
import { env } from "@/lib/env";
import type { FilingSearchRequest } from "../search-schema";
import { type SearchBackend, createSearchBackend } from "./backend";
import { searchWithin } from "@/test/support/filings/parsed-search";

describe("the bound over the real database", () => {
  let real: Database.Database;
  let realBackend: SearchBackend;
  let asOf: string;
  beforeAll(() => {
    real = new Database(env().DATABASE_PATH, { readonly: true });
    sqliteVec.load(real);
    realBackend = createSearchBackend(real);
    asOf = z.string().parse(real.prepare("SELECT value FROM meta WHERE key = 'as_of'").pluck().get());
  });
  afterAll(() => real.close());

  it("a search bounded by the as-of date returns no filing due after it, while the unbounded one does", async () => {
    const request: FilingSearchRequest = { queries: ["revenue growth outlook", "share repurchases"], searchtype: "hybrid", results: 25 };
    const all = await searchWithin(request, realBackend);
    expect(all.results.some((h) => h.filing.filed.latest! > asOf)).toBe(true);
    const bounded = await searchWithin(request, realBackend, { filed: { to: asOf } });
    expect(bounded.results.length).toBeGreaterThan(0);
    for (const hit of bounded.results) expect(hit.filing.filed.latest! <= asOf, `${hit.filing.id} filed by ${hit.filing.filed.latest}`).toBe(true);
    // Every filing due by the as-of date is searchable: the bound removes only later ones.
    const due = SqlCount.parse(real.prepare("SELECT count(*) FROM filings WHERE filed_latest <= ? AND first_passage_id IS NOT NULL").pluck().get(asOf));
    expect(realBackend.repository.filings({ companyIds: null, fiscalYears: null, fiscalPeriod: null, filingType: null, filedFrom: null, filedTo: asOf }).length).toBe(due);
  });
});

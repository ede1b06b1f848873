import { describe, expect, it } from "vitest";
import { bundledPaths } from "./bundled-paths";
import { loadGics2016 } from "./gics-2016";
import type { IndexMember, ListRow } from "./index-members";
import { loadIndustryClassifier } from "./industries";
import { JoinAudit, JoinAuditError } from "./join-audit";
import { parseListings } from "./listings";
import { buildUniverse } from "./universe";

const paths = bundledPaths("data");
const gics2016 = loadGics2016(paths.gics2016, paths.gics2016Labels);
const classify = loadIndustryClassifier(paths.industryCategories);

const HEADER = "symbol,name,summary,currency,sector,industry_group,industry,exchange,mic,market,country,state,city,website,isin,figi,composite_figi,shareclass_figi,delisted";
// Rows as data/financedatabase/equities.csv.br has them (descriptions shortened, still over 100 characters).
const ZTS_ROW =
  'ZTS,Zoetis Inc.,"Zoetis Inc. stands as a global leader in animal health, focused on the discovery, development, manufacture and commercialization of medicines, vaccines and diagnostics.",USD,Information Technology,Software & Services,IT Services,NYQ,XNYS,,Japan,,Tokyo,http://www.tis.com,,,,,False';
const CF_ROW =
  'CF,CF Industries Holdings Inc,"IES Holdings, Inc. designs and installs integrated electrical and technology systems and provides infrastructure products and services to a variety of end markets in the United States.",USD,Industrials,Capital Goods,Construction & Engineering,NYQ,XNYS,,United States,TX,Houston,http://www.ies-co.com,,,,,False';

const member = (row: ListRow, current: Partial<IndexMember> = {}): IndexMember => ({
  cik: row.cik,
  ciks: row.cik === null ? [] : [row.cik],
  names: [row.name],
  symbols: [row.symbol],
  priceTicker: row.symbol,
  fundamentalsTicker: row.symbol,
  gicsSector: row.gicsSector ?? null,
  gicsSubIndustry: row.gicsSubIndustry ?? null,
  headquarters: row.headquarters ?? null,
  country: null,
  inCurrentList: true,
  list2016: row,
  ...current,
});

// The 2016 list's rows (data/kaggle/securities-2016.csv.br).
const ZOETIS: ListRow = { symbol: "ZTS", name: "Zoetis", cik: 1555280, gicsSector: "Health Care", gicsSubIndustry: "Pharmaceuticals", headquarters: "Florham Park, New Jersey" };
const CF: ListRow = { symbol: "CF", name: "CF Industries Holdings Inc", cik: 1324404, gicsSector: "Materials", gicsSubIndustry: "Fertilizers & Agricultural Chemicals", headquarters: "Deerfield, Illinois" };

function build(members: IndexMember[], rows: string[]) {
  const audit = new JoinAudit();
  const listings = parseListings("equities.csv", [HEADER, ...rows].join("\n"));
  const records = buildUniverse({ listings, members, classify, gics2016, audit, secTickers: new Map() });
  return { audit, records };
}

describe("joins by symbol and name", () => {
  it("keeps ZTS a US health-care company: the FinanceDatabase row's country, industry and website are another issuer's", () => {
    const { audit, records } = build([member(ZOETIS)], [ZTS_ROW]);
    const zts = records.find((r) => r.symbol === "ZTS")!;
    expect(zts).toMatchObject({ country: "United States", sector: "Health Care", industry: "Pharmaceuticals", website: null, city: null });
    expect(zts.description).toMatch(/^Zoetis Inc\. stands as a global leader in animal health/);
    expect(audit.suspicious.map((i) => [i.kind, i.subject])).toEqual([["profile-country-conflict", "NYSE:ZTS Zoetis"]]);
    expect(audit.suspicious[0]!.reason).toContain("says Japan");
    expect(audit.wrong).toEqual([]);
  });

  it("drops a profile text that opens with another company's name", () => {
    const { audit, records } = build([member(CF)], [CF_ROW]);
    expect(records.find((r) => r.symbol === "CF")!.description).toBeNull();
    expect(audit.suspicious.map((i) => i.kind)).toEqual(["profile-description-of-other-issuer"]);
  });

  it("fails on what is certainly wrong: a 2016 label no table places, one profile for two issuers", () => {
    const unplaced = build([member({ ...ZOETIS, gicsSubIndustry: "Animal Spirits" })], []);
    expect(unplaced.audit.wrong.map((i) => i.kind)).toEqual(["unplaced-gics-label"]);
    expect(() => unplaced.audit.check(() => {})).toThrow(JoinAuditError);

    // Today's industry of a profile-only company that neither table places would leave it without a sector.
    const unplacedToday = build([], [CF_ROW.replace("Construction & Engineering", "Animal Spirits")]);
    expect(unplacedToday.audit.wrong.map((i) => [i.kind, i.subject])).toEqual([["unplaced-gics-label", "NYSE:CF CF Industries Holdings Inc"]]);
    expect(unplacedToday.audit.wrong[0]!.reason).toContain('today\'s industry "Animal Spirits"');

    // A second issuer (another CIK) with Zoetis' symbol and name takes the same listing as its profile.
    const shared = build([member(ZOETIS), member({ ...ZOETIS, cik: 1 })], [ZTS_ROW]);
    expect(shared.audit.wrong.map((i) => i.kind)).toEqual(["profile-shared-by-members"]);
    const messages: string[] = [];
    expect(() => shared.audit.check((m) => messages.push(m))).toThrow(/certainly wrong:\n {2}profile-shared-by-members/);
    expect(messages[0]).toMatch(/^joins by symbol or name that looked wrong and were resolved: 2\n {2}profile-country-conflict: NYSE:ZTS Zoetis/);
  });
});

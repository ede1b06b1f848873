import { describe, expect, it } from "vitest";
import { type IntervalCompany, joinMembershipIntervals } from "./index-intervals";
import { JoinAudit } from "./join-audit";
import type { MembershipInterval } from "./sp500-history";

const company = (fullTicker: string, name: string, rest: Partial<IntervalCompany> = {}): IntervalCompany => {
  const [exchange, symbol] = fullTicker.split(":") as [string, string];
  return { fullTicker, name, symbol, symbols: [symbol], exchange, inSp500: false, indexLists: [], priceTicker: null, listingStatus: "listed", prices: null, ...rest };
};
const interval = (ticker: string, start: string, end: string | null = null): MembershipInterval => ({ ticker, start, end });

function join(intervals: MembershipInterval[], companies: IntervalCompany[], symbolChanges = new Map<string, string>()) {
  const audit = new JoinAudit();
  return { ...joinMembershipIntervals(intervals, companies, symbolChanges, audit), audit };
}

// Rows as the bundled files have them (data/sp500/ticker-start-end.csv.br; the universe's companies).
const AMERICAN_AIRLINES = company("NASDAQ:AAL", "American Airlines Group", {
  inSp500: true,
  indexLists: ["sp500_2016", "sp500_2021", "sp500_current"],
  priceTicker: "AAL",
  prices: { from: "2013-12-09", to: "2021-04-21" },
});

describe("joinMembershipIntervals", () => {
  it("joins a ticker's stretch to the company a list names by it inside, and refuses a reused ticker's earlier stretch", () => {
    const { intervals, unjoined } = join([interval("AAL", "1996-01-02", "1997-01-15"), interval("AAL", "2015-03-23", "2024-09-23")], [AMERICAN_AIRLINES]);
    expect(intervals).toEqual([
      { ticker: "AAL", start: "1996-01-02", end: "1997-01-15", company: null },
      { ticker: "AAL", start: "2015-03-23", end: "2024-09-23", company: 0 },
    ]);
    expect(unjoined).toEqual({ withoutCompany: [], withoutEvidence: [interval("AAL", "1996-01-02", "1997-01-15")] });
  });

  it("counts a ticker no company of a US venue carries as without company; class shares meet in either spelling", () => {
    const berkshire = company("NYSE:BRK-B", "Berkshire Hathaway", { inSp500: true, indexLists: ["sp500_2016"], prices: { from: "2011-01-03", to: "2021-04-21" } });
    const tokyo = company("TSE:HNZ", "Some Tokyo listing", { prices: { from: "2011-01-03", to: "2021-04-21" } });
    const { intervals, unjoined } = join([interval("BRK.B", "2010-02-16"), interval("HNZ", "1996-01-02", "2013-06-07")], [berkshire, tokyo]);
    expect(intervals.map((i) => i.company)).toEqual([0, null]);
    expect(unjoined.withoutCompany).toEqual([interval("HNZ", "1996-01-02", "2013-06-07")]);
  });

  it("joins on prices inside the interval, a company of the index lists before another carrier (recorded)", () => {
    // The 2016 list's AIV has no prices; a whole-market row of the same company under another name does.
    const member = company("NASDAQ:AIV", "Apartment Investment & Mgmt", { inSp500: true, indexLists: ["sp500_2016"] });
    const other = company("NYSE:AIV", "Apartment Investment and Management Company", { prices: { from: "2015-03-20", to: "2017-03-31" } });
    const { intervals, audit } = join([interval("AIV", "2003-03-14", "2020-12-21")], [other, member]);
    expect(intervals.map((i) => i.company)).toEqual([1]);
    expect(audit.suspicious.map((i) => [i.kind, i.subject])).toEqual([["index-interval-candidates", "S&P 500 AIV 2003-03-14..2020-12-21"]]);
  });

  it("joins a company still listed under the ticker to a stretch that has not ended, and one with prices inside a stretch", () => {
    const listed = company("NYSE:DECK", "Deckers Brands");
    const nektar = company("US:NKTR", "Nektar Therapeutics", { listingStatus: "delisted", prices: { from: "2015-03-20", to: "2017-03-31" } });
    const { intervals } = join([interval("DECK", "2024-03-18"), interval("NKTR", "2018-03-19", "2019-10-03"), interval("NKTR", "2016-06-01", "2017-01-01")], [listed, nektar]);
    expect(intervals.map((i) => i.company)).toEqual([0, null, 1]);
  });

  it("splits a ticker carried on by a successor where the successor's prices begin", () => {
    const fox21 = company("US:FOX", "Twenty-First Century Fox Class B", { inSp500: true, indexLists: ["sp500_2016"], prices: { from: "2015-03-20", to: "2017-03-31" } });
    const foxCorp = company("NASDAQ:FOX", "Fox Corporation (Class B)", { inSp500: true, indexLists: ["sp500_2021", "sp500_current"], priceTicker: "FOX", prices: { from: "2019-03-13", to: "2021-04-21" } });
    const { intervals, audit } = join([interval("FOX", "2015-09-21")], [foxCorp, fox21]);
    expect(intervals).toEqual([
      { ticker: "FOX", start: "2015-09-21", end: "2019-03-13", company: 1 },
      { ticker: "FOX", start: "2019-03-13", end: null, company: 0 },
    ]);
    expect(audit.suspicious.map((i) => i.kind)).toEqual(["index-interval-split"]);
  });

  it("meets a ticker the file writes for a stretch under an earlier symbol through a curated change", () => {
    const yahoo = company("US:YHOO", "Yahoo Inc.", { inSp500: true, indexLists: ["sp500_2016"], listingStatus: "delisted", prices: { from: "2015-03-20", to: "2017-03-31" } });
    const { intervals } = join([interval("AABA", "1999-12-08", "2017-06-19")], [yahoo], new Map([["YHOO", "AABA"]]));
    expect(intervals.map((i) => i.company)).toEqual([0]);
    expect(join([interval("AABA", "1999-12-08", "2017-06-19")], [yahoo]).unjoined.withoutCompany).toHaveLength(1);
  });
});

import { daysBetween } from "@/lib/calendar";
import type { FiscalYearInputs } from "./fiscal-years";

/** The SEC XBRL `companyfacts` JSON (data.sec.gov/api/xbrl/companyfacts/CIK##########.json). */
export interface CompanyFacts {
  cik: number;
  entityName: string;
  facts: Record<string, Record<string, { label?: string | null; units: Record<string, Fact[]> }>>;
}

export interface Fact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
}

type Metric = Exclude<keyof FiscalYearInputs, "fiscalYear" | "periodEnd" | "publicDate" | "source" | "currency">;

/**
 * How one taxonomy's concepts fill the catalog's metrics (docs/METRICS.md, "SEC companyfacts").
 * Tags per metric are in order of preference: companies change tags over time (Apple reported
 * revenue as `SalesRevenueNet` until 2017, then `RevenueFromContractWithCustomerExcludingAssessedTax`),
 * so each fiscal year takes the first tag that has a value for it.
 */
interface TaxonomyMapping {
  taxonomy: "us-gaap" | "ifrs-full";
  duration: Partial<Record<Metric, string[]>>;
  instant: Partial<Record<Metric, string[]>>;
  /** Tags that mark a fiscal year (an annual period some annual report covers). */
  periodTags: string[];
  /**
   * Debt concepts: `convertibleCurrent` stands in for the current portion of long-term debt where
   * `longTermCurrent` is not tagged (it is often a part of it); `borrowings` and `paper` are added to it.
   */
  debt: {
    current: string;
    longTermCurrent: string;
    convertibleCurrent: string | null;
    borrowings: string;
    paper: string | null;
    longTermNoncurrent: string;
    longTermTotal: string;
  };
  /** The balance sheet's count of shares outstanding. */
  sharesTag: string;
}

const US_GAAP: TaxonomyMapping = {
  taxonomy: "us-gaap",
  duration: {
    revenue: [
      "Revenues",
      "RevenueFromContractWithCustomerExcludingAssessedTax",
      "SalesRevenueNet",
      "SalesRevenueGoodsNet",
      "RevenueFromContractWithCustomerIncludingAssessedTax",
      "SalesRevenueServicesNet",
      "RevenuesNetOfInterestExpense",
    ],
    costOfRevenue: ["CostOfRevenue", "CostOfGoodsAndServicesSold", "CostOfGoodsSold"],
    grossProfit: ["GrossProfit"],
    researchAndDevelopment: ["ResearchAndDevelopmentExpense"],
    operatingIncome: ["OperatingIncomeLoss"],
    interestExpense: ["InterestExpense", "InterestExpenseDebt"],
    earningsBeforeTax: [
      "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
      "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
    ],
    incomeTax: ["IncomeTaxExpenseBenefit"],
    netIncome: ["NetIncomeLoss"],
    eps: ["EarningsPerShareBasic"],
    depreciation: ["DepreciationDepletionAndAmortization", "DepreciationAmortizationAndAccretionNet", "DepreciationAndAmortization"],
    operatingCashFlow: ["NetCashProvidedByUsedInOperatingActivities"],
    capitalExpenditures: ["PaymentsToAcquirePropertyPlantAndEquipment"],
  },
  instant: {
    totalAssets: ["Assets"],
    totalLiabilities: ["Liabilities"],
    totalEquity: ["StockholdersEquity", "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"],
    cash: ["CashAndCashEquivalentsAtCarryingValue"],
  },
  periodTags: ["NetIncomeLoss"],
  debt: {
    current: "DebtCurrent",
    longTermCurrent: "LongTermDebtCurrent",
    convertibleCurrent: "ConvertibleDebtCurrent",
    borrowings: "ShortTermBorrowings",
    paper: "CommercialPaper",
    longTermNoncurrent: "LongTermDebtNoncurrent",
    longTermTotal: "LongTermDebt",
  },
  sharesTag: "CommonStockSharesOutstanding",
};

/** IFRS as the SEC publishes 20-F filers' facts (`ifrs-full`), in the currency they report in. */
const IFRS: TaxonomyMapping = {
  taxonomy: "ifrs-full",
  duration: {
    revenue: ["Revenue", "RevenueFromContractsWithCustomers"],
    costOfRevenue: ["CostOfSales"],
    grossProfit: ["GrossProfit"],
    researchAndDevelopment: ["ResearchAndDevelopmentExpense"],
    operatingIncome: ["ProfitLossFromOperatingActivities"],
    interestExpense: ["InterestExpense", "FinanceCosts"],
    earningsBeforeTax: ["ProfitLossBeforeTax"],
    incomeTax: ["IncomeTaxExpenseContinuingOperations"],
    // Attributable to the parent's owners, as us-gaap's NetIncomeLoss is.
    netIncome: ["ProfitLossAttributableToOwnersOfParent", "ProfitLoss"],
    eps: ["BasicEarningsLossPerShare"],
    depreciation: ["DepreciationAndAmortisationExpense", "AdjustmentsForDepreciationAndAmortisationExpense"],
    operatingCashFlow: ["CashFlowsFromUsedInOperatingActivities"],
    capitalExpenditures: ["PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities", "PurchaseOfPropertyPlantAndEquipment"],
  },
  instant: {
    totalAssets: ["Assets"],
    totalLiabilities: ["Liabilities"],
    totalEquity: ["EquityAttributableToOwnersOfParent", "Equity"],
    cash: ["CashAndCashEquivalents"],
  },
  periodTags: ["ProfitLoss", "ProfitLossAttributableToOwnersOfParent"],
  debt: {
    current: "CurrentBorrowingsAndCurrentPortionOfNoncurrentBorrowings",
    longTermCurrent: "CurrentPortionOfLongtermBorrowings",
    convertibleCurrent: null,
    borrowings: "ShorttermBorrowings",
    paper: null,
    longTermNoncurrent: "NoncurrentPortionOfNoncurrentBorrowings",
    longTermTotal: "LongtermBorrowings",
  },
  sharesTag: "NumberOfSharesOutstanding",
};

/** Every fiscal-year value the mapping fills, from a tag or derived from others (the sync report counts the nulls). */
export const MAPPED_METRICS = [
  "revenue", "costOfRevenue", "grossProfit", "researchAndDevelopment", "operatingIncome", "ebit", "interestExpense",
  "earningsBeforeTax", "incomeTax", "netIncome", "eps", "sharesOutstanding", "depreciation", "totalAssets",
  "totalLiabilities", "totalEquity", "longTermDebt", "shortTermDebt", "cash", "operatingCashFlow", "capitalExpenditures",
] as const satisfies readonly Metric[];

/** A company files either us-gaap (10-K) or, as a foreign private issuer, ifrs-full (20-F). */
function mappingOf(companyFacts: CompanyFacts): TaxonomyMapping {
  return companyFacts.facts["us-gaap"] === undefined && companyFacts.facts["ifrs-full"] !== undefined ? IFRS : US_GAAP;
}

/** The currency unit a company reports its amounts in: the unit of most of its monetary facts. */
function reportingCurrency(concepts: CompanyFacts["facts"][string]): string {
  const counts = new Map<string, number>();
  for (const concept of Object.values(concepts)) {
    for (const [unit, facts] of Object.entries(concept.units)) if (/^[A-Z]{3}$/.test(unit)) counts.set(unit, (counts.get(unit) ?? 0) + facts.length);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "USD";
}

/** Annual reports: domestic (10-K), foreign private issuers (20-F) and Canadian issuers (40-F), and their amendments. */
const ANNUAL_FORMS = new Set(["10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A"]);

const isAnnualDuration = (f: Fact) => f.start !== undefined && daysBetween(f.start, f.end) >= 340 && daysBetween(f.start, f.end) <= 380;

/**
 * The fiscal year a period belongs to, as companies label it: the calendar year in which it ends,
 * or the year before when it ends in the first days of January (a 52/53-week year that ran over).
 * The `fy` field of companyfacts is the filing's, not the fact's, and is unreliable for this.
 */
export function fiscalYearOfPeriodEnd(periodEnd: string): number {
  const year = Number(periodEnd.slice(0, 4));
  return periodEnd.slice(5) <= "01-10" ? year - 1 : year;
}

/** The annual-report facts of one period: a duration of about a year ending on it, or an instant on it. */
function periodFacts(facts: Fact[] | undefined, periodEnd: string, annual: boolean): Fact[] {
  return (facts ?? []).filter((f) => f.end === periodEnd && ANNUAL_FORMS.has(f.form) && (annual ? isAnnualDuration(f) : f.start === undefined));
}

/** Filings in the order they became public: by filed date, then accession number (same-day filings). */
const filedAfter = (a: Fact, b: Fact) => a.filed > b.filed || (a.filed === b.filed && a.accn > b.accn);

/**
 * The latest report of one value of a period (docs/METRICS.md, "SEC companyfacts": restatements):
 * the latest filing that reports the period under any of the tags gives the value, under the first
 * of the tags in order of preference that this filing reports. The value thus changes only on a
 * filing date, to what that filing says, and never mixes tags of different filings.
 */
function latestReport(tags: readonly string[], factsOf: (tag: string) => Fact[] | undefined, periodEnd: string, annual: boolean) {
  let latest: { tag: string; fact: Fact } | undefined;
  for (const tag of tags) for (const fact of periodFacts(factsOf(tag), periodEnd, annual)) if (latest === undefined || filedAfter(fact, latest.fact)) latest = { tag, fact };
  return latest;
}

export interface CompanyFactsYears {
  years: FiscalYearInputs[];
  /** Which tag gave each metric, per fiscal year (provenance for the ingest report). */
  tags: Map<number, Partial<Record<string, string>>>;
}

/**
 * The public date of each annual period: the earliest `filed` among annual-report facts (any
 * tag of the company's taxonomy) whose period ends on it (docs/METRICS.md, "Public date of a fiscal year").
 */
function publicDates(concepts: CompanyFacts["facts"][string], isKnown: (f: Fact) => boolean): Map<string, string> {
  const firstFiled = new Map<string, string>();
  for (const concept of Object.values(concepts)) {
    for (const facts of Object.values(concept.units)) {
      for (const f of facts) {
        if (!ANNUAL_FORMS.has(f.form) || !isKnown(f)) continue;
        const known = firstFiled.get(f.end);
        if (known === undefined || f.filed < known) firstFiled.set(f.end, f.filed);
      }
    }
  }
  return firstFiled;
}

/** Every date on which the SEC's facts of a company changed (a filing's `filed` date). */
export function companyFactsFiledDates(companyFacts: CompanyFacts): string[] {
  return filedDates(companyFacts, () => true);
}

/**
 * The dates on which a company's fiscal years can change: the filing dates of its annual reports.
 * fiscalYearsFromCompanyFacts reads annual-report facts only, so a quarterly filing changes nothing
 * (and skipping its dates spares most of the point-in-time mapping).
 */
export function annualReportDates(companyFacts: CompanyFacts): string[] {
  return filedDates(companyFacts, (f) => ANNUAL_FORMS.has(f.form));
}

function filedDates(companyFacts: CompanyFacts, counts: (f: Fact) => boolean): string[] {
  const dates = new Set<string>();
  for (const taxonomy of Object.values(companyFacts.facts)) {
    for (const concept of Object.values(taxonomy ?? {})) {
      for (const facts of Object.values(concept.units)) for (const f of facts ?? []) if (counts(f)) dates.add(f.filed);
    }
  }
  return [...dates].sort();
}

/**
 * Fiscal-year fundamentals from annual-report facts as the SEC had them on `asOf`: only facts
 * filed on or before it count, so every fiscal year is one public by then (with the date of its
 * first report), valued as its latest report by then says: a 10-K/A or a later 10-K's comparative
 * restates (or fills) a value from its own filing date. Pure: the same facts give the fiscal years
 * as of any date.
 */
export function fiscalYearsFromCompanyFacts(companyFacts: CompanyFacts, asOf: string): CompanyFactsYears {
  const isKnown = (f: Fact) => f.filed <= asOf;
  const mapping = mappingOf(companyFacts);
  const gaap = companyFacts.facts[mapping.taxonomy] ?? {};
  const dei = companyFacts.facts.dei ?? {};
  const currency = mapping === US_GAAP ? "USD" : reportingCurrency(gaap);
  const usd = (tag: string) => (gaap[tag]?.units[currency] ?? gaap[tag]?.units[`${currency}/shares`])?.filter(isKnown);
  const filedFirst = publicDates(gaap, isKnown);

  // The annual periods any annual report covers, and for each the report that covered it as its own
  // (its latest annual period), whose cover page gives the year's share count.
  const latestOfFiling = new Map<string, string>();
  const periodEnds = new Set<string>();
  for (const tag of [...mapping.periodTags, ...(mapping.duration.revenue ?? [])]) {
    for (const f of usd(tag) ?? []) {
      if (!ANNUAL_FORMS.has(f.form) || !isAnnualDuration(f)) continue;
      periodEnds.add(f.end);
      if (f.end > (latestOfFiling.get(f.accn) ?? "")) latestOfFiling.set(f.accn, f.end);
    }
  }
  const original = new Map<string, string>();
  for (const [accn, end] of latestOfFiling) if (!original.has(end)) original.set(end, accn);

  const years: FiscalYearInputs[] = [];
  const tags = new Map<number, Partial<Record<string, string>>>();
  for (const periodEnd of [...periodEnds].sort()) {
    const accn = original.get(periodEnd);
    const fy = fiscalYearOfPeriodEnd(periodEnd);
    const used: Partial<Record<string, string>> = {};
    const report = (metric: Metric, annual: boolean) => {
      const found = latestReport((annual ? mapping.duration : mapping.instant)[metric] ?? [], usd, periodEnd, annual);
      if (found) used[metric] = found.tag;
      return found?.fact;
    };
    const instant = (tag: string) => latestReport([tag], usd, periodEnd, false)?.fact.val ?? null;
    const reported = Object.fromEntries(Object.keys(mapping.duration).map((m) => [m, report(m as Metric, true)])) as Partial<Record<Metric, Fact>>;
    const duration = Object.fromEntries(Object.entries(reported).map(([m, fact]) => [m, fact?.val ?? null])) as Record<string, number | null>;
    const balance = Object.fromEntries(Object.keys(mapping.instant).map((m) => [m, report(m as Metric, false)?.val ?? null])) as Record<string, number | null>;
    // Debt: the current portion of long-term debt plus short-term borrowings and commercial paper,
    // and the non-current part of long-term debt.
    const { debt } = mapping;
    const optional = (tag: string | null) => (tag === null ? null : instant(tag));
    const debtCurrent = instant(debt.current);
    const longTermCurrent = instant(debt.longTermCurrent);
    const convertibleCurrent = optional(debt.convertibleCurrent);
    // NVIDIA tags its convertible notes due within the year only as ConvertibleDebtCurrent.
    const currentPortion = longTermCurrent ?? convertibleCurrent;
    const borrowings = instant(debt.borrowings);
    // Marvell tags its one line of current debt both LongTermDebtCurrent and ShortTermBorrowings: counted once.
    const shortParts = [currentPortion, optional(debt.paper), borrowings === longTermCurrent ? null : borrowings].filter((v): v is number => v !== null);
    const longTermTotal = instant(debt.longTermTotal);
    // A balance sheet with no debt line reports no debt (Apple before 2013).
    const noDebtLine = balance.totalEquity !== null ? 0 : null;
    const shortTermDebt = debtCurrent ?? (shortParts.length > 0 ? shortParts.reduce((a, b) => a + b, 0) : noDebtLine);
    // LongTermDebt includes its current part. NVIDIA's FY2016 10-K tags its convertible notes due within
    // the year both LongTermDebt and ConvertibleDebtCurrent (so none is non-current), while its FY2017
    // 10-K tags LongTermDebt without them: the convertible amount is its current part only when it is all of it.
    const currentOfTotal = (total: number) => longTermCurrent ?? (total === convertibleCurrent ? total : 0);
    const longTermDebt = instant(debt.longTermNoncurrent) ?? (longTermTotal === null ? noDebtLine : longTermTotal - currentOfTotal(longTermTotal));

    // Shares: the cover-page count of the year's own 10-K, else the balance sheet's count at the
    // period end (Alphabet tags its cover page per share class only), else net income over EPS.
    // Each count is on the share basis of the filing that reports it.
    const cover = accn ? (dei.EntityCommonStockSharesOutstanding?.units.shares ?? []).find((f) => f.accn === accn && isKnown(f)) : undefined;
    const balanceSheetShares = latestReport([mapping.sharesTag], (tag) => gaap[tag]?.units.shares?.filter(isKnown), periodEnd, false)?.fact;
    const netIncome = duration.netIncome ?? null;
    const eps = duration.eps ?? null;
    const epsBasisDate = reported.eps?.filed ?? periodEnd;
    const shares = cover ?? balanceSheetShares;
    const sharesOutstanding = shares?.val ?? (netIncome !== null && eps ? netIncome / eps : null);

    const revenue = duration.revenue ?? null;
    const costOfRevenue = duration.costOfRevenue ?? null;
    const earningsBeforeTax = duration.earningsBeforeTax ?? null;
    const capex = duration.capitalExpenditures ?? null;
    years.push({
      fiscalYear: fy,
      periodEnd,
      // Set for every period: the period itself comes from a known annual-report fact.
      publicDate: filedFirst.get(periodEnd) ?? asOf,
      source: "sec",
      currency,
      revenue,
      costOfRevenue,
      grossProfit: duration.grossProfit ?? (revenue !== null && costOfRevenue !== null ? revenue - costOfRevenue : null),
      researchAndDevelopment: duration.researchAndDevelopment ?? null,
      operatingIncome: duration.operatingIncome ?? null,
      // EBIT: pre-tax income with interest expense added back.
      ebit: earningsBeforeTax === null ? null : earningsBeforeTax + (duration.interestExpense ?? 0),
      interestExpense: duration.interestExpense ?? null,
      earningsBeforeTax,
      incomeTax: duration.incomeTax ?? null,
      netIncome,
      eps,
      sharesOutstanding,
      depreciation: duration.depreciation ?? null,
      totalAssets: balance.totalAssets ?? null,
      totalLiabilities: balance.totalLiabilities ?? null,
      totalEquity: balance.totalEquity ?? null,
      longTermDebt,
      shortTermDebt,
      cash: balance.cash ?? null,
      operatingCashFlow: duration.operatingCashFlow ?? null,
      // Payments are positive in XBRL; the Kaggle file writes capital expenditures as outflows.
      capitalExpenditures: capex === null ? null : -capex,
      epsBasisDate,
      sharesBasisDate: shares?.filed ?? epsBasisDate,
    });
    tags.set(fy, used);
  }
  return { years, tags };
}

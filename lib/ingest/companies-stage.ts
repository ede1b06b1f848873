import type Database from "better-sqlite3";
import { z } from "zod";
import { SqlCount } from "@/lib/db/sql-rows";
import type { BundledPaths } from "./bundled-paths";
import { readBrotliText } from "./compressed-files";
import { annualReportDates, companyFactsFiledDates, fiscalYearsFromCompanyFacts } from "./companyfacts";
import { type FiscalYearRow, fiscalYearRows } from "./company-metrics";
import { type FiscalYearInputs, totalDebt } from "./fiscal-years";
import { loadGics2016 } from "./gics-2016";
import { secFilerCompanies, secTickerIndex } from "./sec-filer-companies";
import { joinSecFilers } from "./sec-filers";
import { type MappingCounts, MappingReport } from "./sec-mapping-report";
import { buildIndexMembers } from "./index-members";
import { type JoinedInterval, joinMembershipIntervals } from "./index-intervals";
import { parseSp500History } from "./sp500-history";
import { JoinAudit } from "./join-audit";
import { loadIndustryClassifier } from "./industries";
import { KAGGLE_REQUIRED_COLUMNS, parseKaggleFundamentals } from "./kaggle-fundamentals";
import { parseListings } from "./listings";
import { parsePrices } from "./prices";
import { type SyncedPricesReport, type SyncedSeries, continueSeries, extendPrices } from "./synced-prices";
import { type FiscalYearHistory, type FiscalYearVersion, OPEN_END, fiscalYearVersions, fixedYears, valuationShares } from "./point-in-time";
import { weekdaysAfter } from "@/lib/calendar";
import type { Progress } from "./progress";
import * as sources from "./read-sources";
import { computeDayValues } from "@/lib/market/day-values";
import { fillBenchmarkSums } from "@/lib/market/benchmark-sums";
import { benchmarkRows } from "@/lib/companies/benchmark";
import { DAY_VALUE_COLUMNS } from "@/lib/market/market-metrics";
import { type PriceDay, type PriceRow, priceRowInsert, priceRows, priceRowValues } from "@/lib/market/price-rows";
import type { SecTickerFiles } from "./read-sources";
import { describeShareClasses, shareClassIssuers, tradedValue } from "./share-classes";
import { type CompanyRecord, INDEX_LISTS, assignFullTickers, buildUniverse } from "./universe";
import { joinPystockSymbols } from "./pystock-companies";
import type { TrailingVersion } from "./pystock-ttm";
import { readWholeMarket } from "./whole-market";
import { ChecksReport } from "./checks-report";
import { type FundamentalsCheck, checkedHistory, newCheckLog } from "./fundamentals-checks";

const FISCAL_COLUMNS = [
  "revenue", "costOfRevenue", "grossProfit", "researchAndDevelopment", "operatingIncome", "ebit", "interestExpense",
  "earningsBeforeTax", "incomeTax", "netIncome", "eps", "sharesOutstanding", "depreciation", "totalAssets",
  "totalLiabilities", "totalEquity", "longTermDebt", "shortTermDebt", "cash", "operatingCashFlow",
  "capitalExpenditures", "taxRate", "investedCapital", "returnOnInvestedCapital", "grossMargin", "operatingMargin",
  "netMargin", "returnOnEquity", "debtToEquity",
] as const satisfies readonly (keyof FiscalYearRow)[];

/** Values of the latest fiscal year stored on the company row (screen fields of the same name). */
const LATEST_YEAR_COLUMNS = [
  "revenue", "grossProfit", "operatingIncome", "netIncome", "eps", "ebit", "totalEquity", "returnOnInvestedCapital",
  "grossMargin", "operatingMargin", "netMargin", "returnOnEquity", "debtToEquity",
] as const satisfies readonly (keyof FiscalYearRow)[];

/** Metrics compared between the SEC companyfacts and Kaggle values of one fiscal year. */
const COMPARED_METRICS = ["revenue", "grossProfit", "operatingIncome", "netIncome", "eps", "totalEquity", "ebit", "sharesOutstanding"] as const;

export interface CompaniesStageResult {
  companies: number;
  /** Trading days of the as-of range. */
  tradingDays: string[];
  withPrices: number;
  withFundamentals: number;
  secCompanies: string[];
  secFilers: SecFilersReport;
  /** Values the SEC mapping could not fill, over the latest fiscal years of each companyfacts file read. */
  mapping: MappingCounts;
  /** What synced price files added (`npm run sync -- prices`), when given. */
  prices: SyncedPricesReport | null;
  /** The last day of the bundled price file. */
  bundledPricesEnd: string;
}

export interface CompaniesStageOptions {
  /** Companyfacts files downloaded by a sync (`npm run sync -- sec`), replacing bundled ones of the same CIK. */
  syncedCompanyFactsDir?: string;
  /** Price series read by `npm run sync -- prices`, extending the bundled ones. */
  syncedPrices?: readonly SyncedSeries[];
  /** A market-data provider's days by full ticker (`npm run sync -- prices` without --from), continuing each company's series. */
  providerPrices?: ReadonlyMap<string, PriceDay[]>;
  /** SEC's tickers files downloaded by the sync; without them the bundled company_tickers.json. */
  syncedTickers?: SecTickerFiles;
}

/** How the companyfacts filers met the universe (the sync report's `filers`). */
export interface SecFilersReport {
  /** Filers of a company of the universe by CIK. */
  matchedByCik: number;
  /** `EXCHANGE:SYMBOL (CIK n)`: listings without a CIK joined to a filer by ticker and name. */
  joined: string[];
  /** `EXCHANGE:SYMBOL Name (CIK n)`: filers that matched no company, added as companies. */
  added: string[];
  /** CIKs of filers that matched no company and that no tickers file names: not added. */
  withoutTicker: number[];
}

/**
 * Builds the company universe with its values as of `asOf` (the default date), fiscal years and
 * daily prices, and its values on every trading day from `rangeStart` on (point in time).
 */
export function runCompaniesStage(
  db: Database.Database,
  paths: BundledPaths,
  asOf: string,
  rangeStart: string,
  progress: Progress,
  options: CompaniesStageOptions = {},
): CompaniesStageResult {
  const listings = parseListings(paths.listings, readBrotliText(paths.listings));
  progress(`read ${listings.length} FinanceDatabase listings`);
  const bundledPrices = parsePrices(paths.dailyPrices, readBrotliText(paths.dailyPrices));
  const bundledPricesEnd = [...bundledPrices.values()].reduce((end, days) => (days.at(-1)!.date > end ? days.at(-1)!.date : end), "");
  progress(`read daily prices of ${bundledPrices.size} tickers, through ${bundledPricesEnd}`);
  const kaggle = parseKaggleFundamentals(
    paths.kaggleFundamentals,
    sources.readBundledCsv(paths.kaggleFundamentals, KAGGLE_REQUIRED_COLUMNS),
  );
  const secTickers = sources.readSecTickers(paths);
  const priceNames = sources.readPriceConstituents(paths);
  const symbolChanges = sources.readSymbolChanges(paths);
  const audit = new JoinAudit();
  const members = buildIndexMembers({
    current: sources.readCurrentConstituents(paths),
    fundamentals2016: sources.readSecurities2016(paths),
    fundamentalsTickers: new Set(kaggle.keys()),
    prices2021: [...bundledPrices.keys()].map((ticker) => priceNames.get(ticker) ?? { symbol: ticker, name: ticker, cik: null }),
    firstPriceDate: new Map([...bundledPrices].map(([ticker, days]) => [ticker, days[0]!.date])),
    secTickers,
    symbolChanges,
    asOf,
    audit,
  });
  const gics2016 = loadGics2016(paths.gics2016, paths.gics2016Labels);
  const listed = buildUniverse({ listings, members, classify: loadIndustryClassifier(paths.industryCategories), gics2016, audit, secTickers });
  const market = readWholeMarket(paths, progress);

  // Only the universe's filers are read (a synced bulk file holds every SEC filer), one file at a
  // time: what the build keeps of each is its fiscal years at the default date and its filing dates.
  const factsFiles = sources.companyFactsFiles([paths.secCompanyFactsDir, ...(options.syncedCompanyFactsDir ? [options.syncedCompanyFactsDir] : [])]);
  const listedCiks = new Set(listed.map((c) => c.cik));
  const secListings = sources.readSecListings(options.syncedTickers ?? { companyTickers: paths.secCompanyTickers, tickersExchange: null });
  // Filers whose listing came without a CIK (no index list names them) join by ticker and name;
  // those that match no company become companies of their own (docs/METRICS.md "Synced filers").
  const unlisted = [...factsFiles.keys()].filter((cik) => !listedCiks.has(cik));
  const { companies: joinedUniverse, joined } = joinSecFilers(listed, unlisted, secTickerIndex(secListings));
  const joinedCiks = new Set(joinedUniverse.map((c) => c.cik));
  const newFilers = secFilerCompanies(unlisted.filter((cik) => !joinedCiks.has(cik)), secListings);
  const marketJoin = joinPystockSymbols([...joinedUniverse, ...newFilers.companies], market.symbols, (s) => market.prices.has(s) || market.years.has(s), audit);
  progress(`whole market (pystock): ${marketJoin.joined} symbols joined to the universe's companies, ${marketJoin.added} added as companies`);
  const built = marketJoin.records;
  assignFullTickers(built);
  const secFilers: SecFilersReport = {
    matchedByCik: factsFiles.size - unlisted.length,
    joined,
    // The built records (copies the whole-market join made) carry the full tickers just assigned.
    added: built.slice(joinedUniverse.length, joinedUniverse.length + newFilers.companies.length).map((c) => `${c.fullTicker} ${c.name} (CIK ${c.cik})`),
    withoutTicker: newFilers.withoutTicker,
  };
  if (joined.length > 0) progress(`SEC filers joined to their listings by ticker and name: ${joined.join(", ")}`);
  progress(`SEC filers added as companies: ${secFilers.added.length}; without a ticker in SEC's files, not added: ${secFilers.withoutTicker.length}`);
  const universeCiks = new Set(built.map((c) => c.cik));
  // A synced file names a company by its price ticker or any of its symbols (FB's prices under META).
  const priceTickers = new Map<string, string | null>(built.flatMap((c) => (c.priceTicker ? [[c.priceTicker, c.priceTicker]] : [])));
  for (const c of built) for (const symbol of c.symbols) if (!priceTickers.has(symbol)) priceTickers.set(symbol, c.priceTicker);
  const synced = options.syncedPrices ? extendPrices(bundledPrices, options.syncedPrices, (ticker) => priceTickers.get(ticker)) : null;
  const prices = synced?.prices ?? bundledPrices;
  if (synced) progress(`synced prices: ${describeSyncedPrices(synced.report)}`);
  const companyFacts = new Map<number, FiscalYearInputs[]>();
  const changeDates = new Map<number, string[]>();
  const secCompanies: string[] = [];
  const mapping = new MappingReport();
  let latestSyncedFiling = "";
  for (const [cik, file] of factsFiles) {
    if (!universeCiks.has(cik)) continue;
    const facts = sources.readCompanyFacts(file);
    const { years } = fiscalYearsFromCompanyFacts(facts, asOf);
    if (years.length > 0) companyFacts.set(cik, years);
    changeDates.set(cik, annualReportDates(facts));
    const latestFiling = companyFactsFiledDates(facts).at(-1) ?? asOf;
    if (options.syncedCompanyFactsDir && file.startsWith(options.syncedCompanyFactsDir) && latestFiling > latestSyncedFiling) latestSyncedFiling = latestFiling;
    mapping.add(fiscalYearsFromCompanyFacts(facts, latestFiling).years);
    secCompanies.push(`${facts.entityName} (${years.length} fiscal years public by ${asOf})`);
  }
  // What the SEC had on each date: the fiscal years change on its annual reports' filing dates (the file is read again here, not kept).
  const secHistory = (cik: number): FiscalYearHistory | undefined => {
    const file = factsFiles.get(cik);
    const dates = changeDates.get(cik);
    if (file === undefined || dates === undefined) return undefined;
    const facts = sources.readCompanyFacts(file);
    return { yearsAt: (date) => fiscalYearsFromCompanyFacts(facts, date).years, changeDates: dates };
  };
  const priceDays = [...new Set([...prices.values(), ...market.prices.values(), ...(options.providerPrices?.values() ?? [])].flatMap((days) => days.map((d) => d.date)))]
    .filter((d) => d >= rangeStart)
    .sort();
  const tradingDays = [...priceDays, ...weekdaysAfter(priceDays.at(-1)!, latestSyncedFiling)];
  progress(`SEC companyfacts: ${secCompanies.join(", ")}`);
  progress(`SEC mapping: ${mapping.describe()}`);

  // A former index member that has since been delisted stays in the snapshot (the 2016 universe
  // without survivorship bias) when some data set covers it; one with no profile, prices or
  // fundamentals would be a name alone.
  const carriesData = (c: CompanyRecord) =>
    c.listingStatus === "listed" ||
    c.description !== null ||
    (c.priceTicker !== null && prices.has(c.priceTicker)) ||
    (c.fundamentalsTicker !== null && kaggle.has(c.fundamentalsTicker)) ||
    (c.cik !== null && companyFacts.has(c.cik)) ||
    c.marketSymbol !== null;
  // Stored in country and sector order: screens filter on those most, and neighbouring rows then
  // share pages.
  const universe = built
    .filter(carriesData)
    .sort((a, b) => compareText(a.country, b.country) || compareText(a.sector, b.sector) || compareText(a.fullTicker, b.fullTicker));
  progress(
    `universe: ${universe.length} securities (${members.length} S&P 500 members of 2016, 2021 or 2026; ${built.length - universe.length} delisted members without any data left out)`,
  );

  // Precedence (docs/METRICS.md "Sources and precedence"): the S&P 500 price file, then the whole
  // market's; SEC companyfacts, then the Kaggle file, then the whole market's 10-Ks.
  const storedDays = (company: CompanyRecord) =>
    (company.priceTicker ? prices.get(company.priceTicker) : undefined) ?? (company.marketSymbol ? market.prices.get(company.marketSymbol) : undefined);
  // A provider's days continue a company's series (lib/ingest/synced-prices.ts continueSeries).
  const continued = new Map<string, PriceDay[]>();
  const providerRefused: string[] = [];
  for (const company of universe) {
    const provider = options.providerPrices?.get(company.fullTicker);
    if (!provider) continue;
    const days = continueSeries(storedDays(company), provider);
    if (days) continued.set(company.fullTicker, days);
    else providerRefused.push(company.fullTicker);
  }
  if (options.providerPrices) {
    progress(`provider prices: ${continued.size} companies' series continued or started, ${providerRefused.length} refused (no agreeing close on the stored last day): ${providerRefused.slice(0, 20).join(", ")}`);
  }
  const daysOf = (company: CompanyRecord) => continued.get(company.fullTicker) ?? storedDays(company);
  const membership = joinIndexHistory(paths, universe, daysOf, symbolChanges, rangeStart, audit, progress);
  audit.check(progress);
  const kaggleYearsOf = (company: CompanyRecord) => (company.fundamentalsTicker ? kaggle.get(company.fundamentalsTicker) : undefined);
  const issuers = shareClassIssuers(
    universe,
    (i) => tradedValue(daysOf(universe[i]!), asOf),
    (i) => kaggleYearsOf(universe[i]!),
  );
  const pricedByAsOf = (company: CompanyRecord) => {
    const first = daysOf(company)?.[0];
    return first !== undefined && first.date <= asOf;
  };
  progress(describeShareClasses(issuers.multiClass.map((indexes) => indexes.map((i) => universe[i]!)), pricedByAsOf));

  const insert = prepareInserts(db);
  const checks = new ChecksReport();
  let withFundamentals = 0;
  db.transaction(() => {
    universe.forEach((company, index) => {
      const id = index + 1;
      const days = daysOf(company);
      // A share class carries its issuer's fiscal years, restated on its primary listing's share
      // basis, and the issuer's market cap (docs/METRICS.md "Share classes"; lib/market/day-values.ts).
      const primary = issuers.primaryOf[index]!;
      const issuerDays = daysOf(universe[primary]!);
      const kaggleYears = kaggleYearsOf(universe[issuers.fundamentalsOf[index]!]!);
      const secYears = company.cik !== null ? companyFacts.get(company.cik) : undefined;
      const marketYears = company.marketSymbol ? market.years.get(company.marketSymbol) : undefined;
      const shareCounts = company.marketSymbol ? market.shareCounts.get(company.marketSymbol) : undefined;
      const sourceHistory = (company.cik !== null ? secHistory(company.cik) : undefined) ?? (kaggleYears ? fixedYears(kaggleYears) : undefined);
      const log = newCheckLog();
      const history = sourceHistory ? checkedHistory(sourceHistory, { years: marketYears, shareCounts }, issuerDays, log) : marketYears;
      const years = fiscalYearRows(history?.yearsAt(asOf) ?? [], issuerDays, asOf);
      const fy0 = years.find((fy) => fy.offset === 0);
      if (years.length > 0) withFundamentals++;
      // The market values and has_prices of the default date are set below, from the stored series.
      insert.company(id, company, {
        issuer_id: primary + 1,
        has_prices: 0,
        ...Object.fromEntries(DAY_VALUE_COLUMNS.map((column) => [column, null])),
        has_fundamentals: years.length > 0 ? 1 : 0,
        fundamentals_source: years[0]?.source ?? null,
        fiscal_year: fy0?.fiscalYear ?? null,
        period_end: fy0?.periodEnd ?? null,
        public_date: fy0?.publicDate ?? null,
        totalDebt: fy0 ? totalDebt(fy0) : null,
        ...Object.fromEntries(LATEST_YEAR_COLUMNS.map((column) => [column, fy0?.[column] ?? null])),
      });
      for (const fy of years) insert.fiscalYear(id, fy);
      if (secYears && kaggleYears) recordDifferences(insert.difference, id, fiscalYearRows(kaggleYears, issuerDays, asOf), fiscalYearRows(secYears, issuerDays, asOf));
      for (const row of priceRows(days ?? [])) insert.price(id, row);

      const versions = history ? fiscalYearVersions(history, issuerDays, rangeStart) : [];
      for (const version of versions) insert.version(id, version);
      for (const check of [...log.excluded.values(), ...log.filled.values()]) insert.check(id, check);
      insert.trailing(id, company.marketSymbol ? (market.trailing.get(company.marketSymbol) ?? []) : []);
      checks.add(`${company.fullTicker} ${company.name}`, log);
      if (days || versions.length > 0) insert.series(id, days?.[0]?.date ?? null, days?.at(-1)?.date ?? null, versions[0]?.validFrom ?? null);
    });
    for (const date of tradingDays) insert.tradingDay(date);
    insert.finishPrices();
    for (const interval of membership) insert.membershipInterval(interval);
  })();
  const withPrices = setDefaultDayValues(db, asOf);
  progress(`companies: ${universe.length}, with prices at the as-of date: ${withPrices}, with fundamentals: ${withFundamentals}`);
  progress(`point in time: ${tradingDays.length} trading days from ${tradingDays[0]} to ${tradingDays.at(-1)}, values computed per day from the stored series`);
  progress(describeDifferences(db));
  progress(`fundamentals checked against the whole market's reports: ${checks.describe()}`);
  return { companies: universe.length, tradingDays, withPrices, withFundamentals, secCompanies, mapping: mapping.counts(), secFilers, prices: synced?.report ?? null, bundledPricesEnd };
}

/**
 * S&P 500 membership over time joined to the universe (lib/ingest/index-intervals.ts); prints the
 * intervals no company joined, naming those within the as-of range (screens as of their days
 * count one member fewer).
 */
function joinIndexHistory(
  paths: BundledPaths,
  universe: readonly CompanyRecord[],
  daysOf: (company: CompanyRecord) => readonly { date: string }[] | undefined,
  symbolChanges: ReadonlyMap<string, string>,
  rangeStart: string,
  audit: JoinAudit,
  progress: Progress,
): JoinedInterval[] {
  const history = parseSp500History(paths.sp500History, readBrotliText(paths.sp500History));
  const companies = universe.map((company) => {
    const days = daysOf(company);
    return { ...company, prices: days?.length ? { from: days[0]!.date, to: days.at(-1)!.date } : null };
  });
  const { intervals, unjoined } = joinMembershipIntervals(history.intervals, companies, symbolChanges, audit);
  const inRange = [...unjoined.withoutCompany, ...unjoined.withoutEvidence].filter((i) => i.end === null || i.end > rangeStart).sort((a, b) => (a.start < b.start ? -1 : 1));
  progress(
    `S&P 500 history: ${history.intervals.length} intervals, ${intervals.filter((i) => i.company !== null).length} joined to companies (a split interval joins two); ` +
      `unjoined: ${unjoined.withoutCompany.length} whose ticker no company of the universe carries, ${unjoined.withoutEvidence.length} whose carriers have no list, price or listing in the interval; ` +
      `${inRange.length} of them reach into the as-of range (from ${rangeStart}): ${inRange.map((i) => `${i.ticker} ${i.start}..${i.end ?? "today"}`).join(", ")}`,
  );
  return intervals;
}

/**
 * The default date's market values and valuation on the companies rows, computed from the stored
 * series as any other day's are (lib/market/day-values.ts). Returns the companies with a price.
 */
function setDefaultDayValues(db: Database.Database, asOf: string): number {
  const update = db.prepare(`UPDATE companies SET has_prices = ?, ${DAY_VALUE_COLUMNS.map((c) => `"${c}" = ?`).join(", ")} WHERE id = ?`);
  const days = computeDayValues(db, asOf);
  db.transaction(() => {
    for (const day of days) update.run(day.hasPrices ? 1 : 0, ...DAY_VALUE_COLUMNS.map((c) => day.values[c]), day.companyId);
  })();
  return days.filter((day) => day.values.price !== null).length;
}

function describeSyncedPrices(report: SyncedPricesReport): string {
  const parts = [
    `${report.extended.length} tickers extended${report.lastPriceDate ? ` through ${report.lastPriceDate}` : ""}`,
    `${report.notInUniverse} tickers not in the universe`,
    ...report.notExtended.map((n) => `${n.ticker} not extended (${n.reason})`),
    ...report.disagreements.map((d) => `${d.ticker} disagrees with the bundled history on ${d.days} days (largest ${(d.largest * 100).toFixed(2)}% on ${d.largestOn})`),
  ];
  return parts.join("; ");
}

/** Where SEC companyfacts and the Kaggle file disagree (the company page lists each value). */
const DifferenceSummary = z.object({ symbol: z.string(), n: SqlCount, largest: z.number().nullable() });

function describeDifferences(db: Database.Database): string {
  const summary = DifferenceSummary.array().parse(
    db
      .prepare(
        `SELECT c.symbol, count(*) AS n, max(abs(d.relative_difference)) AS largest FROM fundamentals_differences d
         JOIN companies c ON c.id = d.company_id GROUP BY c.symbol ORDER BY c.symbol`,
      )
      .all(),
  );
  const parts = summary.map((s) => `${s.symbol} ${s.n} (largest ${((s.largest ?? 0) * 100).toFixed(2)}%)`);
  return `SEC companyfacts vs Kaggle, values of the same fiscal year that differ: ${parts.join(", ") || "none"}`;
}

const compareText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

function recordDifferences(
  insert: (id: number, fiscalYear: number, metric: string, kaggle: number | null, sec: number | null) => void,
  id: number,
  kaggleYears: FiscalYearRow[],
  secYears: FiscalYearRow[],
) {
  for (const sec of secYears) {
    const kaggle = kaggleYears.find((k) => k.periodEnd === sec.periodEnd);
    if (!kaggle) continue;
    for (const metric of COMPARED_METRICS) {
      const a = kaggle[metric];
      const b = sec[metric];
      if (a === b) continue;
      insert(id, sec.fiscalYear, metric, a, b);
    }
  }
}

function prepareInserts(db: Database.Database) {
  const company = db.prepare(`
    INSERT INTO companies (
      id, full_ticker, symbol, exchange, exchange_name, companyName, current_name, current_symbol, country, currency,
      sector, industry_group, industry, sub_industry, classification_basis, current_sector, current_industry_group,
      current_industry, current_classification_source,
      isin, cik, issuer_id, listing_status, in_sp500, has_profile, has_prices, has_fundamentals, fundamentals_source, price_ticker, market_symbol,
      price, return_1y, daily_return_vol_1y_annualized, daily_return_vol_5y_annualized, dividendYieldTTM, shares_outstanding,
      marketCap_usd, enterpriseValue_usd, peRatio, priceToSales, priceToBook, evToEbitda, fiscal_year, period_end, public_date,
      revenue, grossProfit, operatingIncome, netIncome, eps, ebit, totalEquity, totalDebt, returnOnInvestedCapital,
      grossMargin, operatingMargin, netMargin, returnOnEquity, debtToEquity
    ) VALUES (
      @id, @full_ticker, @symbol, @exchange, @exchange_name, @companyName, @current_name, @current_symbol, @country, @currency,
      @sector, @industry_group, @industry, @sub_industry, @classification_basis, @current_sector, @current_industry_group,
      @current_industry, @current_classification_source,
      @isin, @cik, @issuer_id, @listing_status, @in_sp500, @has_profile, @has_prices, @has_fundamentals, @fundamentals_source, @price_ticker, @market_symbol,
      @price, @return_1y, @daily_return_vol_1y_annualized, @daily_return_vol_5y_annualized, @dividendYieldTTM, @shares_outstanding,
      @marketCap_usd, @enterpriseValue_usd, @peRatio, @priceToSales, @priceToBook, @evToEbitda, @fiscal_year, @period_end, @public_date,
      @revenue, @grossProfit, @operatingIncome, @netIncome, @eps, @ebit, @totalEquity, @totalDebt, @returnOnInvestedCapital,
      @grossMargin, @operatingMargin, @netMargin, @returnOnEquity, @debtToEquity
    )`);
  const profile = db.prepare("INSERT INTO company_profiles (company_id, description, website, city, state) VALUES (?, ?, ?, ?, ?)");
  const symbol = db.prepare("INSERT OR IGNORE INTO company_symbols (symbol, company_id, is_current) VALUES (?, ?, ?)");
  const formerTicker = db.prepare("INSERT OR IGNORE INTO company_ticker_aliases (full_ticker, company_id) VALUES (?, ?)");
  const search = db.prepare("INSERT INTO company_search (rowid, companyName, symbols, description) VALUES (?, ?, ?, ?)");
  const fiscalYear = db.prepare(`
    INSERT INTO fiscal_years (company_id, fy_offset, fiscal_year, period_end, public_date, source, currency, fx_to_usd, ${FISCAL_COLUMNS.join(", ")})
    VALUES (@company_id, @fy_offset, @fiscal_year, @period_end, @public_date, @source, @currency, @fx_to_usd, ${FISCAL_COLUMNS.map((c) => `@${c}`).join(", ")})`);
  const difference = db.prepare(`
    INSERT INTO fundamentals_differences (company_id, fiscal_year, metric, kaggle_value, sec_value, relative_difference)
    VALUES (?, ?, ?, ?, ?, ?)`);
  // Rows come company by company; appended to a heap table first and copied in key order (date,
  // company) once, instead of millions of inserts scattered across the key.
  db.exec("CREATE TEMP TABLE price_rows AS SELECT * FROM daily_prices WHERE 0");
  const price = db.prepare(priceRowInsert("price_rows"));
  const benchmark = db.prepare("INSERT INTO benchmark_index (date, value, companies) VALUES (?, ?, ?)");
  const check = db.prepare("INSERT INTO fundamentals_checks (company_id, fiscal_year, metric, rule, detail) VALUES (?, ?, ?, ?, ?)");
  const series = db.prepare("INSERT INTO company_series (company_id, prices_from, prices_to, versions_from) VALUES (?, ?, ?, ?)");
  const version = db.prepare(`
    INSERT INTO fiscal_year_versions (company_id, valid_from, valid_to, fy_offset, fiscal_year, period_end, public_date, source, currency, fx_to_usd, ${FISCAL_COLUMNS.join(", ")}, totalDebt, valuation_shares)
    VALUES (@company_id, @valid_from, @valid_to, @fy_offset, @fiscal_year, @period_end, @public_date, @source, @currency, @fx_to_usd, ${FISCAL_COLUMNS.map((c) => `@${c}`).join(", ")}, @totalDebt, @valuation_shares)`);
  const tradingDay = db.prepare("INSERT INTO trading_days (date) VALUES (?)");
  const trailing = db.prepare(`
    INSERT INTO ttm_versions (company_id, valid_from, valid_to, period_end, basis, revenue, operatingIncome, netIncome, totalEquity, operatingMargin, netMargin, returnOnEquity)
    VALUES (@company_id, @valid_from, @valid_to, @period_end, @basis, @revenue, @operatingIncome, @netIncome, @totalEquity, @operatingMargin, @netMargin, @returnOnEquity)`);
  const membership = db.prepare("INSERT INTO index_memberships (company_id, list, list_name, list_date) VALUES (?, ?, ?, ?)");
  const membershipInterval = db.prepare('INSERT INTO index_membership_intervals (ticker, start, "end", company_id) VALUES (?, ?, ?, ?)');
  const fiscalYearValues = (id: number, fy: FiscalYearRow) => ({
    company_id: id,
    fy_offset: fy.offset,
    fiscal_year: fy.fiscalYear,
    period_end: fy.periodEnd,
    public_date: fy.publicDate,
    source: fy.source,
    currency: fy.currency,
    fx_to_usd: fy.currency === "USD" ? 1 : null,
    ...Object.fromEntries(FISCAL_COLUMNS.map((column) => [column, fy[column]])),
  });

  return {
    company(id: number, c: CompanyRecord, values: Record<string, number | string | null>) {
      company.run({
        id,
        full_ticker: c.fullTicker,
        symbol: c.symbol,
        exchange: c.exchange,
        exchange_name: c.exchangeName,
        companyName: c.name,
        current_name: c.currentName,
        current_symbol: c.currentSymbol,
        country: c.country,
        currency: c.currency,
        sector: c.sector,
        industry_group: c.industryGroup,
        industry: c.industry,
        sub_industry: c.subIndustry,
        classification_basis: c.classificationBasis,
        current_sector: c.current.sector,
        current_industry_group: c.current.industryGroup,
        current_industry: c.current.industry,
        current_classification_source: c.currentSource,
        isin: c.isin,
        cik: c.cik,
        listing_status: c.listingStatus,
        in_sp500: c.inSp500 ? 1 : 0,
        has_profile: c.description !== null ? 1 : 0,
        price_ticker: c.priceTicker,
        market_symbol: c.marketSymbol,
        ...values,
      });
      profile.run(id, c.description, c.website, c.city, c.state);
      for (const list of c.indexLists) membership.run(id, list, INDEX_LISTS[list].name, INDEX_LISTS[list].date);
      c.symbols.forEach((s, i) => symbol.run(s, id, i === 0 ? 1 : 0));
      for (const s of c.symbols) if (s !== c.symbol) formerTicker.run(`${c.exchange}:${s}`, id);
      // Today's name stays searchable beside the name of the data's date ("Facebook" and "Meta").
      search.run(id, [c.name, c.currentName].filter(Boolean).join(" "), c.symbols.join(" "), c.description ?? "");
    },
    fiscalYear(id: number, fy: FiscalYearRow) {
      fiscalYear.run(fiscalYearValues(id, fy));
    },
    version(id: number, v: FiscalYearVersion) {
      const shares = valuationShares(v.rows);
      for (const fy of v.rows) {
        version.run({ ...fiscalYearValues(id, fy), valid_from: v.validFrom, valid_to: v.validTo, totalDebt: totalDebt(fy), valuation_shares: shares });
      }
    },
    check(id: number, c: FundamentalsCheck) {
      check.run(id, c.fiscalYear, c.metric, c.rule, c.detail);
    },
    /** A company's TTM versions, oldest first: each holds until the next one's day. */
    trailing(id: number, versions: readonly TrailingVersion[]) {
      versions.forEach(({ validFrom, periodEnd, ...values }, i) => {
        trailing.run({ company_id: id, valid_from: validFrom, valid_to: versions[i + 1]?.validFrom ?? OPEN_END, period_end: periodEnd, ...values });
      });
    },
    series(id: number, pricesFrom: string | null, pricesTo: string | null, versionsFrom: string | null) {
      series.run(id, pricesFrom, pricesTo, versionsFrom);
    },
    tradingDay(date: string) {
      tradingDay.run(date);
    },
    /** `company`: the index of the universe (its id minus 1). */
    membershipInterval(i: JoinedInterval) {
      membershipInterval.run(i.ticker, i.start, i.end, i.company === null ? null : i.company + 1);
    },
    difference(id: number, fiscalYear: number, metric: string, kaggle: number | null, sec: number | null) {
      const relative = kaggle !== null && sec !== null && sec !== 0 ? (kaggle - sec) / Math.abs(sec) : null;
      difference.run(id, fiscalYear, metric, kaggle, sec, relative);
    },
    /** The staged rows' benchmark, their sums against it, then the rows into daily_prices in its key's order. */
    finishPrices() {
      for (const row of benchmarkRows(db, "price_rows")) benchmark.run(row.date, row.value, row.companies);
      fillBenchmarkSums(db, "price_rows");
      db.exec("INSERT INTO daily_prices SELECT * FROM price_rows ORDER BY date, company_id; DROP TABLE price_rows");
    },
    price(id: number, r: PriceRow) {
      price.run(id, ...priceRowValues(r));
    },
  };
}

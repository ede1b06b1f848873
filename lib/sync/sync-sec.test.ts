import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CompanyFacts, type Fact, companyFactsFiledDates, fiscalYearsFromCompanyFacts } from "@/lib/ingest/companyfacts";
import { silentProgress } from "@/lib/ingest/progress";
import { readCompanyFacts } from "@/lib/ingest/read-sources";
import { MappingReport } from "@/lib/ingest/sec-mapping-report";
import { type SecServer, TICKERS_EXCHANGE_FIXTURE, shippedCompanyFacts, startSecServer } from "@/test/support/sec/sec-server";
import { Downloader } from "./downloader";
import { SyncError } from "./sync-error";
import { BULK_COMPANYFACTS_PATH, COMPANY_TICKERS_EXCHANGE_PATH, COMPANY_TICKERS_PATH, companyFactsPath, downloadSec, localSec, syncSec } from "./sync-sec";

const USER_AGENT = "Filing Screener tests tests@example.com";
const APPLE = 320193;
const NVIDIA = 1045810;
const ALPHABET = 1652044;
const LPA = 1997711;

let server: SecServer;
const work = mkdtempSync(path.join(tmpdir(), "sec-sync-test-"));
beforeAll(async () => {
  server = await startSecServer();
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

/** A file as the server sends it, fetched in full. */
const served = async (p: string) => Buffer.from(await (await fetch(`${server.url}${p}`)).arrayBuffer());

let dirs = 0;
const freshDir = () => path.join(work, `sync-${++dirs}`);
const source = () => ({ userAgent: USER_AGENT, archivesUrl: server.url, dataUrl: server.url, retryBaseMs: 1, progress: silentProgress });

/** The latest annual (10-K, full-year) fact of a concept, read from the raw JSON without the product's mapping. */
function latestAnnual(facts: CompanyFacts, tag: string): Fact {
  const annual = (facts.facts["us-gaap"]?.[tag]?.units.USD ?? []).filter(
    (f) => f.form === "10-K" && f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350,
  );
  return annual.sort((a, b) => a.end.localeCompare(b.end) || a.filed.localeCompare(b.filed))[0 + annual.length - 1]!;
}

describe("npm run sync -- sec --ciks against a local SEC", () => {
  it("downloads each company's companyfacts and the tickers verbatim, with the User-Agent on every request", async () => {
    const dir = freshDir();
    const result = await downloadSec({ ...source(), dir, ciks: [APPLE, NVIDIA, ALPHABET, LPA] });
    expect(result.companies).toBe(4);
    const shipped = shippedCompanyFacts();
    for (const cik of [APPLE, NVIDIA, ALPHABET, LPA]) {
      expect(readFileSync(path.join(result.companyFactsDir, `CIK${String(cik).padStart(10, "0")}.json`)).equals(shipped.get(cik)!)).toBe(true);
    }
    expect(readFileSync(path.join(dir, "company_tickers.json")).equals(brotliDecompressSync(readFileSync("data/sec/company_tickers.json.br")))).toBe(true);
    expect(readFileSync(path.join(dir, "company_tickers_exchange.json")).equals(brotliDecompressSync(readFileSync(TICKERS_EXCHANGE_FIXTURE)))).toBe(true);
    expect(result.tickers).toEqual({ companyTickers: path.join(dir, "company_tickers.json"), tickersExchange: path.join(dir, "company_tickers_exchange.json") });
    expect(result.notes).toEqual([]);
    expect(server.requests.map((r) => r.path)).toEqual([COMPANY_TICKERS_PATH, COMPANY_TICKERS_EXCHANGE_PATH, ...[APPLE, NVIDIA, ALPHABET, LPA].map(companyFactsPath)]);
    expect(server.requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
  });

  it("maps the synced files to the golden values: Apple FY2025, NVIDIA's and Alphabet's latest fiscal years", async () => {
    const { companyFactsDir } = await downloadSec({ ...source(), dir: freshDir(), ciks: [APPLE, NVIDIA, ALPHABET] });
    const latest = (cik: number) => {
      const facts = readCompanyFacts(path.join(companyFactsDir, `CIK${String(cik).padStart(10, "0")}.json`));
      return { facts, years: fiscalYearsFromCompanyFacts(facts, companyFactsFiledDates(facts).at(-1)!).years };
    };
    const apple = latest(APPLE);
    expect(apple.years.at(-1)).toMatchObject({ fiscalYear: 2025, periodEnd: "2025-09-27", publicDate: "2025-10-31", revenue: 416_161_000_000 });
    for (const [cik, revenueTag] of [
      [NVIDIA, "Revenues"],
      [ALPHABET, "Revenues"],
    ] as const) {
      const { facts, years } = latest(cik);
      const fact = latestAnnual(facts, revenueTag);
      expect(years.at(-1)).toMatchObject({ periodEnd: fact.end, publicDate: fact.filed, revenue: fact.val });
    }
  });

  it("stays under SEC's 10 requests a second", async () => {
    const dir = freshDir();
    const ciks = [APPLE, NVIDIA, ALPHABET, LPA, 1640147, 1835632];
    await downloadSec({ ...source(), dir, ciks });
    // Again: every file is asked for conditionally (and confirmed unchanged, 304).
    const again = await downloadSec({ ...source(), dir, ciks });
    expect(again.downloads.every((d) => d.outcome === "not-modified")).toBe(true);
    const times = server.requests.map((r) => r.at).sort((a, b) => a - b);
    // Per run: the two tickers files and six companies.
    expect(times.length).toBe(16);
    // Any one-second window holds at most 10 requests.
    for (let i = 0; i + 10 < times.length; i++) expect(times[i + 10]! - times[i]!).toBeGreaterThanOrEqual(1000);
  });

  it("retries a 429 (and a 503) with backoff until the file arrives", async () => {
    server.failNext(COMPANY_TICKERS_PATH, 429, 2);
    server.failNext(companyFactsPath(APPLE), 503, 1);
    const { downloads } = await downloadSec({ ...source(), dir: freshDir(), ciks: [APPLE] });
    expect(downloads.map((d) => d.outcome)).toEqual(["downloaded", "downloaded", "downloaded"]);
    expect(server.requests.map((r) => r.status)).toEqual([429, 429, 200, 200, 503, 200]);
    expect(server.requests.every((r) => r.userAgent === USER_AGENT)).toBe(true);
  });

  it("builds with company_tickers.json alone when SEC has no company_tickers_exchange.json (404), and says so", async () => {
    const dir = freshDir();
    await downloadSec({ ...source(), dir, ciks: [APPLE] });
    server.remove(COMPANY_TICKERS_EXCHANGE_PATH);
    try {
      const again = await downloadSec({ ...source(), dir, ciks: [APPLE] });
      expect(again.downloads.map((d) => d.outcome)).toEqual(["not-modified", "absent", "not-modified"]);
      expect(again.notes).toEqual([`${server.url}${COMPANY_TICKERS_EXCHANGE_PATH}: HTTP 404, built with company_tickers.json alone (filers added as companies get no exchange)`]);
      // The copy of an earlier run is not used: SEC no longer has it.
      expect(again.tickers).toEqual({ companyTickers: path.join(dir, "company_tickers.json"), tickersExchange: null });
      expect(existsSync(path.join(dir, "company_tickers_exchange.json"))).toBe(false);
    } finally {
      server.serve(COMPANY_TICKERS_EXCHANGE_PATH, brotliDecompressSync(readFileSync(TICKERS_EXCHANGE_FIXTURE)));
    }
    // A 404 for a file the sync needs is still an error.
    server.remove(companyFactsPath(APPLE));
    try {
      await expect(downloadSec({ ...source(), dir: freshDir(), ciks: [APPLE] })).rejects.toThrow(/CIK0000320193\.json: HTTP 404/);
    } finally {
      server.serve(companyFactsPath(APPLE), shippedCompanyFacts().get(APPLE)!);
    }
  });

  it("gives up after its retries with a SyncError naming the URL", async () => {
    server.failNext(COMPANY_TICKERS_PATH, 500, 3);
    const downloader = new Downloader({ userAgent: USER_AGENT, retries: 2, retryBaseMs: 1 });
    await expect(downloader.download(`${server.url}${COMPANY_TICKERS_PATH}`, path.join(work, "tickers.json"))).rejects.toThrow(
      /company_tickers\.json: HTTP 500 after 3 attempts/,
    );
  });

  it("refuses to download without SEC_USER_AGENT, and the command says why with exit code 1", async () => {
    await expect(downloadSec({ ...source(), userAgent: undefined, dir: freshDir(), ciks: [APPLE] })).rejects.toThrow(SyncError);
    const env: NodeJS.ProcessEnv = { ...process.env, SEC_ARCHIVES_URL: server.url, SEC_DATA_URL: server.url, DATABASE_PATH: path.join(work, "refused.db") };
    delete env.SEC_USER_AGENT;
    const run = spawnSync("npx", ["tsx", "scripts/sync.ts", "sec", "--ciks", String(APPLE), "--dir", freshDir()], { env, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/SEC_USER_AGENT is not set.*fair-access policy/);
    expect(server.requests).toEqual([]);
    expect(existsSync(path.join(work, "refused.db"))).toBe(false);
  }, 60_000);
});

describe("the bulk companyfacts.zip", () => {
  it("resumes an interrupted download where it stopped (Range with If-Range), in the same run", async () => {
    const dir = freshDir();
    const whole = await served(BULK_COMPANYFACTS_PATH);
    const half = Math.floor(whole.length / 2);
    server.requests.length = 0;
    server.cutNext(BULK_COMPANYFACTS_PATH, half);
    const result = await downloadSec({ ...source(), dir });
    const zipRequests = server.requests.filter((r) => r.path === BULK_COMPANYFACTS_PATH);
    expect(zipRequests.map((r) => r.status)).toEqual([200, 206]);
    // From what arrived before the cut (the bytes still in flight are lost with the connection).
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(String(zipRequests[1]!.headers.range))?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(half);
    expect(readFileSync(path.join(dir, "companyfacts.zip")).equals(whole)).toBe(true);
    expect(result.downloads.at(-1)!.outcome).toBe("resumed");
    // Every shipped company, extracted and identical to what the server sent.
    expect(result.companies).toBe(shippedCompanyFacts().size);
    const apple = brotliDecompressSync(readFileSync(path.join(result.companyFactsDir, "CIK0000320193.json.br")));
    expect(apple.equals(shippedCompanyFacts().get(APPLE)!)).toBe(true);
  });

  it("resumes a download interrupted in an earlier run from its partial file", async () => {
    const file = path.join(freshDir(), "companyfacts.zip");
    mkdirSync(path.dirname(file), { recursive: true });
    const url = `${server.url}${BULK_COMPANYFACTS_PATH}`;
    const whole = await served(BULK_COMPANYFACTS_PATH);
    const half = Math.floor(whole.length / 2);
    server.cutNext(BULK_COMPANYFACTS_PATH, half);
    await expect(new Downloader({ userAgent: USER_AGENT, retries: 0 }).download(url, file)).rejects.toThrow(/run the sync again to resume/);
    const partial = readFileSync(`${file}.part`).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThanOrEqual(half);
    const second = await new Downloader({ userAgent: USER_AGENT }).download(url, file);
    expect(second).toMatchObject({ outcome: "resumed" });
    expect(server.requests.at(-1)).toMatchObject({ status: 206, headers: { range: `bytes=${partial}-` } });
    expect(second.bytes).toBe(whole.length - partial);
    expect(readFileSync(file).equals(whole)).toBe(true);
  });

  it("refuses a corrupt zip, leaving the previous extraction and database untouched", async () => {
    const dir = freshDir();
    const previous = path.join(dir, "companyfacts");
    mkdirSync(previous, { recursive: true });
    writeFileSync(path.join(previous, "CIK0000320193.json"), "previous extraction");
    const databasePath = path.join(dir, "screener.db");
    writeFileSync(databasePath, "previous database");
    server.serve(BULK_COMPANYFACTS_PATH, Buffer.from("<html>Request Rate Threshold Exceeded</html>"));
    try {
      await expect(syncSec({ ...source(), dir, pricesDir: path.join(dir, "no-prices"), dataDir: "data", databasePath })).rejects.toThrow(/companyfacts\.zip is not a valid companyfacts zip/);
    } finally {
      await server.stop();
      server = await startSecServer();
    }
    expect(readFileSync(databasePath, "utf8")).toBe("previous database");
    expect(readdirSync(previous)).toEqual(["CIK0000320193.json"]);
    expect(existsSync(`${previous}.extracting`)).toBe(false);
  });
});

describe("--from a directory", () => {
  it("uses files downloaded before, without any request", async () => {
    const dir = freshDir();
    await downloadSec({ ...source(), dir, ciks: [APPLE, LPA] });
    server.requests.length = 0;
    const local = await localSec(dir, silentProgress);
    expect(local).toMatchObject({ companies: 2, companyFactsDir: path.join(dir, "companyfacts"), downloads: [], notes: [] });
    expect(local.tickers).toEqual({ companyTickers: path.join(dir, "company_tickers.json"), tickersExchange: path.join(dir, "company_tickers_exchange.json") });
    expect(server.requests).toEqual([]);
  });

  it("extracts a companyfacts.zip found there", async () => {
    const dir = freshDir();
    await downloadSec({ ...source(), dir });
    rmSync(path.join(dir, "companyfacts"), { recursive: true });
    server.requests.length = 0;
    expect((await localSec(dir, silentProgress)).companies).toBe(shippedCompanyFacts().size);
    expect(server.requests).toEqual([]);
  });

  it("names a directory with nothing to use", async () => {
    const dir = freshDir();
    mkdirSync(dir);
    await expect(localSec(dir, silentProgress)).rejects.toThrow(/no companyfacts\.zip and no CIK##########\.json files/);
  });
});

describe("a 20-F filer's ifrs-full facts", () => {
  it("fill the catalog's metrics, and the report counts what no tag filled", async () => {
    const { companyFactsDir } = await downloadSec({ ...source(), dir: freshDir(), ciks: [LPA] });
    const facts = readCompanyFacts(path.join(companyFactsDir, "CIK0001997711.json"));
    expect(facts.facts["us-gaap"]).toBeUndefined();
    const { years, tags } = fiscalYearsFromCompanyFacts(facts, "2025-12-31");
    // The 20-F filed 2025-04-02, ifrs-full in USD: Revenue, ProfitLossAttributableToOwnersOfParent, Assets, EquityAttributableToOwnersOfParent.
    expect(years.at(-1)).toMatchObject({
      fiscalYear: 2024,
      periodEnd: "2024-12-31",
      publicDate: "2025-04-02",
      currency: "USD",
      revenue: 43_862_372,
      operatingIncome: 36_606_814,
      netIncome: -29_285_428,
      eps: -0.94,
      totalAssets: 607_019_578,
      totalLiabilities: 336_218_160,
      totalEquity: 228_964_876,
      cash: 28_827_347,
    });
    expect(tags.get(2024)).toMatchObject({ revenue: "Revenue", netIncome: "ProfitLossAttributableToOwnersOfParent" });
    const report = new MappingReport();
    report.add(years);
    // It tags no operating cash flow and no cost of sales: every year counts as not filled.
    expect(report.counts()).toMatchObject({ companies: 1, fiscalYears: years.length });
    expect(report.counts().unfilled).toMatchObject({ operatingCashFlow: years.length, costOfRevenue: years.length, revenue: 0 });
  });
});

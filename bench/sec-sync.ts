/**
 * `npm run bench:sec-sync`: what `npm run sync -- sec` costs per company, measured on the shipped
 * real companyfacts files, and extrapolated to SEC's bulk file (about 19,000 filers); the target
 * is the full sync within 30 minutes on 2 cores and 4 GB.
 *
 * Per company: extracting it from the zip (inflate, then Brotli for disk), parsing its JSON, mapping
 * its fiscal years as of its latest filing, and its point-in-time history (the mapping again at every
 * annual report's filing date, as the build's fiscal-year versions do).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { AS_OF_RANGE_START } from "@/lib/as-of";
import { env } from "@/lib/env";
import { annualReportDates, companyFactsFiledDates, fiscalYearsFromCompanyFacts, type CompanyFacts } from "@/lib/ingest/companyfacts";
import { fiscalYearVersions } from "@/lib/ingest/point-in-time";
import { extractCompanyFacts } from "@/lib/sync/bulk-companyfacts";
import { shippedCompanyFacts } from "@/test/support/sec/sec-server";
import { zipFiles } from "@/test/support/sec/zip-writer";

const FILERS = 19_000;
const TARGET_MINUTES = 30;
const ROUNDS = 3;

const files = shippedCompanyFacts();
const megabytes = [...files.values()].reduce((sum, body) => sum + body.length, 0) / 1e6;
const ms = (started: number) => performance.now() - started;

const work = mkdtempSync(path.join(tmpdir(), "bench-sec-"));
const zip = path.join(work, "companyfacts.zip");
writeFileSync(zip, zipFiles(new Map([...files].map(([cik, body]) => [`CIK${String(cik).padStart(10, "0")}.json`, body]))));
const zipBytes = statSync(zip).size;
let extractedBytes = 0;
let extract = Infinity;
let parse = Infinity;
let latest = Infinity;
let history = Infinity;
try {
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    const out = path.join(work, `out-${round}`);
    await extractCompanyFacts(zip, out, () => {});
    extract = Math.min(extract, ms(started));
    extractedBytes = readdirSync(out).reduce((sum, f) => sum + statSync(path.join(out, f)).size, 0);
    const texts = [...files.values()].map((body) => body.toString("utf8"));
    started = performance.now();
    const parsed = texts.map((text) => JSON.parse(text) as CompanyFacts);
    parse = Math.min(parse, ms(started));
    started = performance.now();
    for (const facts of parsed) fiscalYearsFromCompanyFacts(facts, companyFactsFiledDates(facts).at(-1)!);
    latest = Math.min(latest, ms(started));
    started = performance.now();
    for (const facts of parsed) {
      fiscalYearVersions({ yearsAt: (date) => fiscalYearsFromCompanyFacts(facts, date).years, changeDates: annualReportDates(facts) }, undefined, AS_OF_RANGE_START);
    }
    history = Math.min(history, ms(started));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const n = files.size;
const perCompany = { extract: extract / n, parse: parse / n, latest: latest / n, history: history / n };
console.log(`${n} shipped companyfacts files, ${megabytes.toFixed(1)} MB of JSON (${(megabytes / n).toFixed(2)} MB a company), best of ${ROUNDS}`);
for (const [step, value] of Object.entries(perCompany)) console.log(`  ${step.padEnd(8)} ${value.toFixed(1)} ms a company`);
console.log(`  on disk: zip ${(zipBytes / n / 1e6).toFixed(2)} MB a company, extracted (Brotli) ${(extractedBytes / n / 1e6).toFixed(2)} MB a company`);

// Every filer is extracted; the build reads (twice: its fiscal years, then its history) only the universe's filers.
function universeFilers(): number {
  if (!existsSync(env().DATABASE_PATH)) return FILERS;
  const db = new Database(env().DATABASE_PATH, { readonly: true });
  try {
    return Number(db.prepare("SELECT count(DISTINCT cik) FROM companies").pluck().get());
  } finally {
    db.close();
  }
}
const universe = universeFilers();
const mapped = 2 * perCompany.parse + perCompany.latest + perCompany.history;
const minutes = (FILERS * perCompany.extract + universe * mapped) / 60_000;
const everyFiler = (FILERS * (perCompany.extract + mapped)) / 60_000;
console.log(`${FILERS} filers extracted, ${universe} of the universe mapped: ${minutes.toFixed(1)} min on one core (every filer mapped: ${everyFiler.toFixed(1)} min)`);
console.log(`disk for ${FILERS} filers at this size: zip ${((zipBytes / n) * FILERS / 1e9).toFixed(1)} GB, extracted ${((extractedBytes / n) * FILERS / 1e9).toFixed(1)} GB`);
// The rest of the build (prices, snapshots, filings) is the ingest's, about 1.5 to 4 minutes here.
console.log(`${minutes <= TARGET_MINUTES ? "PASS" : "FAIL"}: ${minutes.toFixed(1)} min, target ≤ ${TARGET_MINUTES} min (these are large filers: the average file is smaller)`);

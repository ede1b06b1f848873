/**
 * `npm run bench:sec-sync`: what `npm run sync -- sec` costs per company, measured on the shipped
 * real companyfacts files, and extrapolated to SEC's bulk file (about 19,000 filers); the target
 * is the full sync within 30 minutes on 2 cores and 4 GB.
 *
 * Per company: extracting it from the zip (inflate, then Brotli for disk), parsing its JSON, mapping
 * its fiscal years as of its latest filing, and its point-in-time history (the mapping again at every
 * filing date, as the build's fiscal-year versions do).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AS_OF_RANGE_START } from "@/lib/as-of";
import { companyFactsFiledDates, fiscalYearsFromCompanyFacts, type CompanyFacts } from "@/lib/ingest/companyfacts";
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
let extract = Infinity;
let parse = Infinity;
let latest = Infinity;
let history = Infinity;
try {
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    await extractCompanyFacts(zip, path.join(work, `out-${round}`), () => {});
    extract = Math.min(extract, ms(started));
    const texts = [...files.values()].map((body) => body.toString("utf8"));
    started = performance.now();
    const parsed = texts.map((text) => JSON.parse(text) as CompanyFacts);
    parse = Math.min(parse, ms(started));
    started = performance.now();
    for (const facts of parsed) fiscalYearsFromCompanyFacts(facts, companyFactsFiledDates(facts).at(-1)!);
    latest = Math.min(latest, ms(started));
    started = performance.now();
    for (const facts of parsed) {
      fiscalYearVersions({ yearsAt: (date) => fiscalYearsFromCompanyFacts(facts, date).years, changeDates: companyFactsFiledDates(facts) }, undefined, AS_OF_RANGE_START);
    }
    history = Math.min(history, ms(started));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const n = files.size;
const perCompany = { extract: extract / n, parse: parse / n, latest: latest / n, history: history / n };
const total = perCompany.extract + perCompany.parse + perCompany.latest + perCompany.history;
console.log(`${n} shipped companyfacts files, ${megabytes.toFixed(1)} MB of JSON (${(megabytes / n).toFixed(2)} MB a company), best of ${ROUNDS}`);
for (const [step, value] of Object.entries(perCompany)) console.log(`  ${step.padEnd(8)} ${value.toFixed(1)} ms a company`);
const minutes = (total * FILERS) / 60_000;
console.log(`per company ${total.toFixed(1)} ms → ${FILERS} filers on one core: ${minutes.toFixed(1)} min (these are large filers; the average filer's file is smaller)`);
console.log(`${minutes <= TARGET_MINUTES ? "PASS" : "FAIL"}: ${minutes.toFixed(1)} min, target ≤ ${TARGET_MINUTES} min (before the build's other stages)`);

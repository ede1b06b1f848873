/**
 * `npm run bench:filings-index [replications...]`: what the filing index costs as it grows.
 *
 * 1. Indexing cost per filing, download excluded: the bundled edgartools 10-Ks and 10-Qs (real
 *    EDGAR filings, as text) are added to a copy of the built database as synced filings, through
 *    `npm run sync -- filings`' own path (lib/ingest/filings/add-filings.ts: each replaces its
 *    bundled copy, so the corpus keeps its size and the LSA fit is kept), in two batches (5, then
 *    all) to part the run's fixed cost from the cost a filing adds. dbstat gives a passage's bytes.
 * 2. Search latency against corpus size: the product's own search (hybrid, keyword and vector,
 *    one query, held-out questions, no filter: the costliest scope) over a copy of the database
 *    whose filings are replicated r times (default 1, 4 and 12): pages, sections, passages, keyword
 *    index, vectors and near-duplicate groups copied under new ids. Replicas repeat texts, so
 *    posting lists and the vector scan grow as a corpus of r × today's passages would; they are not
 *    a sample of other companies' filings, and results collapse no differently.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { z } from "zod";
import { FILING_TERM_STATS } from "@/lib/db/filings-schema";
import { env } from "@/lib/env";
import { createSearchBackend } from "@/lib/filings/search/backend";
import { bundledPaths } from "@/lib/ingest/bundled-paths";
import { parseJsonLines, readBrotliText } from "@/lib/ingest/compressed-files";
import { addSyncedFilings } from "@/lib/ingest/filings/add-filings";
import type { SyncedFiling } from "@/lib/ingest/filings/filing-sources";
import { readSecTickers } from "@/lib/ingest/read-sources";
import { silentProgress } from "@/lib/ingest/progress";
import { changeInCopy } from "@/lib/sync/database-copy";
import { searchV1 } from "@/test/support/filings/parsed-search";
import { readJudgedSets } from "./support/judged-sets";
import { median } from "./support/median";

const settings = env();
const replications = process.argv.slice(2).map(Number).filter((r) => Number.isInteger(r) && r > 0);
const REPLICATIONS = replications.length ? replications : [1, 4, 12];
/** Filings the issue asks about: 10k, 50k and 200k. */
const CORPUS_FILINGS = [10_000, 50_000, 200_000];
/** The universe's 10-Ks and 10-Qs of three fiscal years: ~4,200 filers with a CIK, one 10-K and three 10-Qs a year. */
const UNIVERSE_FILINGS = 4_200 * 3 * 4;
const MODES = ["hybrid", "keyword", "vector"] as const;
const count = (db: Database.Database, sql: string) => z.number().parse(db.prepare(sql).pluck().get());

const work = mkdtempSync(path.join(tmpdir(), "bench-filings-index-"));
try {
  const perFiling = indexingCost();
  const questions = (readJudgedSets().find((set) => set.file === "heldout/questions.jsonl")?.questions ?? []).map((q) => q.question);
  console.log(`\nSearch latency against corpus size (${questions.length} held-out questions, one a request, whole corpus, 10 results):`);
  const measured: { passages: number; mode: (typeof MODES)[number]; median: number }[] = [];
  for (const r of REPLICATIONS) measured.push(...(await searchCost(r, questions)));
  const at = (mode: (typeof MODES)[number], n: number) => {
    // Least squares of median ms on passages: the scans grow linearly with the passages they score.
    const rows = measured.filter((m) => m.mode === mode);
    const meanX = rows.reduce((s, r) => s + r.passages, 0) / rows.length;
    const meanY = rows.reduce((s, r) => s + r.median, 0) / rows.length;
    const slope = rows.reduce((s, r) => s + (r.passages - meanX) * (r.median - meanY), 0) / rows.reduce((s, r) => s + (r.passages - meanX) ** 2, 0);
    return meanY + slope * (n - meanX);
  };
  console.log(`\nExtrapolated from those (linear in passages; ${perFiling.passagesPerFiling.toFixed(0)} passages a synced 10-K/10-Q):`);
  for (const filings of [...CORPUS_FILINGS, UNIVERSE_FILINGS].sort((a, b) => a - b)) {
    const n = filings * perFiling.passagesPerFiling;
    console.log(
      `  ${filings.toLocaleString("en-US")} filings ≈ ${(n / 1e6).toFixed(1)} M passages: ${((n * perFiling.bytesPerPassage) / 1e9).toFixed(1)} GB of filing tables, ` +
        `${((n * perFiling.dimensions * 4) / 1e9).toFixed(1)} GB of vectors in each query worker; median hybrid ${at("hybrid", n).toFixed(0)} ms ` +
        `(keyword ${at("keyword", n).toFixed(0)}, vector ${at("vector", n).toFixed(0)}); indexing ${((perFiling.fixedMs + filings * perFiling.msPerFiling) / 3.6e6).toFixed(1)} h on one core`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Part 1: the bundled 10-Ks and 10-Qs added back as synced filings, 5 then all; the fixed and per-filing cost, passages and bytes. */
function indexingCost() {
  const paths = bundledPaths(settings.DATA_DIR);
  const tickers = readSecTickers(paths);
  const rows = parseJsonLines<{ ticker: string; form: string; filing_date: string; text: string }>(paths.edgartoolsFilings, readBrotliText(paths.edgartoolsFilings));
  const synced: SyncedFiling[] = rows
    .filter((row) => (row.form === "10-K" || row.form === "10-Q") && tickers.has(row.ticker))
    .map((row, i) => ({
      cik: tickers.get(row.ticker)!.cik,
      companyName: tickers.get(row.ticker)!.title,
      tickers: [row.ticker],
      // Not EDGAR accessions: each stands in for the bundled copy it replaces.
      accession: `0000000000-00-${String(i).padStart(6, "0")}`,
      form: row.form,
      filed: row.filing_date,
      url: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${tickers.get(row.ticker)!.cik}`,
      document: `${row.ticker}-${row.form}-${row.filing_date}.htm`,
      text: row.text,
      fiscalYear: null,
      fiscalPeriod: null,
      periodEnd: null,
      reportDate: null,
    }));
  const copy = path.join(work, "screener.db");
  const add = (batch: SyncedFiling[]) => {
    copyFileSync(settings.DATABASE_PATH, copy);
    return changeInCopy(copy, "bench", (db) => ({ result: addSyncedFilings(db, paths, [batch], silentProgress), changed: true }), silentProgress);
  };
  const small = add(synced.slice(0, 5));
  const { result, timings } = add(synced);
  const db = new Database(copy, { readonly: true });
  const bytes = count(db, "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'filing%' OR name LIKE 'sqlite_autoindex_filing%'");
  const allPassages = count(db, "SELECT count(*) FROM filing_passages");
  const dimensions = z.object({ dimensions: z.int() }).parse(JSON.parse(z.string().parse(db.prepare("SELECT value FROM meta WHERE key = 'embedding_model'").pluck().get()))).dimensions;
  db.close();
  const msPerFiling = (timings.change - small.timings.change) / (result.filings - small.result.filings);
  const fixedMs = small.timings.change - small.result.filings * msPerFiling;
  const passagesPerFiling = result.passages / result.filings;
  const bytesPerPassage = bytes / allPassages;
  console.log(`Indexing real 10-K/10-Q filings into a copy of the built database (${result.filings} filings, ${result.passages.toLocaleString("en-US")} passages; embedding ${result.embedding?.kind}):`);
  console.log(`  ${small.result.filings} filings ${(small.timings.change / 1000).toFixed(1)} s, ${result.filings} filings ${(timings.change / 1000).toFixed(1)} s (the file copy apart, ${(timings.copy / 1000).toFixed(1)} s):`);
  console.log(`  ${(fixedMs / 1000).toFixed(1)} s a run (common-term counts, the touched companies' twins) and ${msPerFiling.toFixed(0)} ms a filing; ${passagesPerFiling.toFixed(0)} passages a filing`);
  console.log(`  the filing tables: ${(bytes / 1e6).toFixed(0)} MB for ${allPassages.toLocaleString("en-US")} passages, ${(bytesPerPassage / 1024).toFixed(2)} KB a passage (pages, keyword index, vector)`);
  console.log(`  the universe's 10-Ks and 10-Qs of three years (~${UNIVERSE_FILINGS.toLocaleString("en-US")}): ${((fixedMs + UNIVERSE_FILINGS * msPerFiling) / 3.6e6).toFixed(1)} h of indexing on one core`);
  return { msPerFiling, fixedMs, passagesPerFiling, bytesPerPassage, dimensions };
}

/** Part 2: a copy with every filing replicated r times; the product's search over it, per mode. */
async function searchCost(r: number, questions: string[]) {
  const copy = path.join(work, `replicated-${r}.db`);
  copyFileSync(settings.DATABASE_PATH, copy);
  const db = new Database(copy);
  sqliteVec.load(db);
  db.pragma("journal_mode = OFF");
  const started = performance.now();
  replicate(db, r);
  const built = (performance.now() - started) / 1000;
  const passages = count(db, "SELECT count(*) FROM filing_passages");
  db.close();
  const readOnly = new Database(copy, { readonly: true });
  sqliteVec.load(readOnly);
  const backend = createSearchBackend(readOnly);
  backend.vectors();
  const rows = [];
  for (const mode of MODES) {
    for (const q of questions.slice(0, 3)) await searchV1({ queries: [q], searchtype: mode, results: 10 }, backend);
    const times: number[] = [];
    for (const q of questions) {
      const t = performance.now();
      await searchV1({ queries: [q], searchtype: mode, results: 10 }, backend);
      times.push(performance.now() - t);
    }
    const sorted = [...times].sort((a, b) => a - b);
    rows.push({ passages, mode, median: median(times) });
    console.log(`  ${passages.toLocaleString("en-US")} passages (${r}×), ${mode}: median ${median(times).toFixed(0)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(0)} ms`);
  }
  console.log(`    (replicated in ${built.toFixed(0)} s; ${(statSync(copy).size / 1e9).toFixed(1)} GB file; ${(process.memoryUsage().rss / 1e9).toFixed(1)} GB resident)`);
  readOnly.close();
  rmSync(copy, { force: true });
  return rows;
}

/** Copies every filing r - 1 times under new ids, with its pages, sections, passages, keyword entries, vectors and twins. */
function replicate(db: Database.Database, r: number) {
  const max = (table: string) => count(db, `SELECT coalesce(max(id), 0) FROM ${table}`);
  const [filings, pages, sections, passages] = [max("filings"), max("filing_pages"), max("filing_sections"), max("filing_passages")];
  db.transaction(() => {
    for (let k = 1; k < r; k++) {
      const [f, pg, s, p] = [k * filings, k * pages, k * sections, k * passages];
      db.exec(`
        INSERT INTO filings SELECT id + ${f}, source, source_name || '#${k}', company_id, company_label, cik, filing_type, fiscal_year, fiscal_period, period_end,
          report_date, source_url, filed_date, filed_earliest, filed_latest, has_pages, page_count, char_count, content_sha256 || '#${k}', repaired_ligatures,
          repaired_split_words, unreadable_pages, search_label, first_passage_id + ${p}, last_passage_id + ${p} FROM filings WHERE id <= ${filings};
        INSERT INTO filing_pages SELECT id + ${pg}, filing_id + ${f}, number, start_offset, text, title FROM filing_pages WHERE id <= ${pages};
        INSERT INTO filing_sections SELECT id + ${s}, filing_id + ${f}, key, title, start_offset FROM filing_sections WHERE id <= ${sections};
        INSERT INTO filing_passages SELECT id + ${p}, filing_id + ${f}, page_id + ${pg}, section_id + ${s}, start, length FROM filing_passages WHERE id <= ${passages};
        INSERT INTO filing_passage_twins SELECT passage_id + ${p}, group_id + ${p} FROM filing_passage_twins WHERE passage_id <= ${passages};
        INSERT INTO filing_passage_vectors (rowid, embedding) SELECT rowid + ${p}, embedding FROM filing_passage_vectors WHERE rowid <= ${passages};
        INSERT INTO filing_passage_search (rowid, text, heading, filing) SELECT id, text, heading, filing FROM filing_passage_texts WHERE id > ${p} AND id <= ${p + passages};
      `);
    }
    db.exec(`DROP TABLE filing_term_stats; ${FILING_TERM_STATS}`);
  })();
}

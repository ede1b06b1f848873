/**
 * `npm run bench:search [financebench.jsonl]`: retrieval quality and latency of filing search on
 * two sets: the FinanceBench questions (pass their path; by default ../shared/bench/... when it
 * exists; never copy the file into the repository, its licence is non-commercial), the only set
 * settings are tuned on, and the held-out set in bench/heldout/ (never tuned on). Every mode
 * (keyword, vector, hybrid, hybrid with rerank) is measured, and the hybrid's fusion is compared
 * with reciprocal-rank fusion.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { marketDb } from "@/lib/db/market-db";
import { createSearchBackend } from "@/lib/filings/search-filings";
import { type BenchQuestion, BENCH_MODES, formatQuality, formatSpeed, randomBaseline, readBenchQuestions, runQualityBench, runSpeedBench } from "./support/search-bench";
import { readHeldoutQuestions } from "./support/search-heldout";

const given = process.argv[2];
const fallback = path.resolve(env().root, "..", "shared", "bench", "financebench_open_source.jsonl");
const financeBenchFile = given ?? (existsSync(fallback) ? fallback : null);
const heldout = readHeldoutQuestions(path.resolve(env().root, "bench", "heldout", "questions.jsonl"));

const rrf = createSearchBackend(marketDb(), undefined, "rrf");
const hybridModes = BENCH_MODES.filter((m) => m.searchtype === "hybrid");
const report = async (title: string, questions: BenchQuestion[]) => {
  const quality = [...(await runQualityBench(questions)), ...randomBaseline(questions)];
  const rrfRows = (await runQualityBench(questions, hybridModes, rrf)).map((r) => ({ ...r, mode: `${r.mode} (RRF fusion)` }));
  return formatQuality(`${title}, ${questions.length} questions`, [...quality, ...rrfRows]);
};

const sections: string[] = [];
if (financeBenchFile === null) {
  sections.push("FinanceBench skipped: no questions file. Usage: npm run bench:search -- <financebench_open_source.jsonl>");
} else {
  sections.push(await report("FinanceBench page-level retrieval (hit = evidence document, page within one)", readBenchQuestions(financeBenchFile)));
}
sections.push(await report("Held-out analyst questions (bench/heldout; hit = evidence document, page within one or 2,000 characters)", heldout.questions));
if (heldout.missing.length > 0) sections.push(`Held-out questions whose evidence is no longer in the filing text (left out): ${heldout.missing.join(", ")}`);
sections.push("Latency (held-out questions, whole corpus)", formatSpeed(await runSpeedBench(heldout.questions)));
console.log(sections.join("\n\n"));

/**
 * `npm run bench:search [financebench.jsonl]`: retrieval quality and latency of filing search on
 * three sets: the FinanceBench questions (pass their path; by default ../shared/bench/... when it
 * exists; never copy the file into the repository, its licence is non-commercial) and the analyst
 * tuning set in bench/tuning/, the only sets settings are tuned on, and the held-out set in
 * bench/heldout/ (never tuned on); then the short queries ("Apple buybacks") of each. Every mode (keyword, vector, hybrid, hybrid with rerank) is
 * measured, and the hybrid's fusion is compared with reciprocal-rank fusion.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { marketDb } from "@/lib/db/market-db";
import { createSearchBackend } from "@/lib/filings/search-filings";
import { type BenchQuestion, BENCH_MODES, formatAgainstKeyword, formatQuality, formatSpeed, randomBaseline, readBenchQuestions, runQualityBench, runSpeedBench } from "./support/search-bench";
import { readJudgedQuestions } from "./support/search-judged";

const given = process.argv[2];
const fallback = path.resolve(env().root, "..", "shared", "bench", "financebench_open_source.jsonl");
const financeBenchFile = given ?? (existsSync(fallback) ? fallback : null);
const judged = (set: string, file = "questions.jsonl") => readJudgedQuestions(path.resolve(env().root, "bench", set, file));
const tuning = judged("tuning");
const heldout = judged("heldout");
const shortTuning = judged("tuning", "short-queries.jsonl");
const shortHeldout = judged("heldout", "short-queries.jsonl");

const rrf = createSearchBackend(marketDb(), undefined, "rrf");
const hybridModes = BENCH_MODES.filter((m) => m.searchtype === "hybrid");
const report = async (title: string, questions: BenchQuestion[]) => {
  const measured = await runQualityBench(questions);
  const rrfRows = (await runQualityBench(questions, hybridModes, rrf)).map((r) => ({ ...r, mode: `${r.mode} (RRF fusion)` }));
  const quality = [...measured, ...randomBaseline(questions), ...rrfRows];
  return [formatQuality(`${title}, ${questions.length} questions`, quality), formatAgainstKeyword(quality)].join("\n\n");
};
const missing = (set: string, ids: string[]) => (ids.length > 0 ? [`${set} questions whose evidence is no longer in the filing text (left out): ${ids.join(", ")}`] : []);

const sections: string[] = [];
if (financeBenchFile === null) {
  sections.push("FinanceBench skipped: no questions file. Usage: npm run bench:search -- <financebench_open_source.jsonl>");
} else {
  sections.push(await report("FinanceBench page-level retrieval, tuning (hit = evidence document, page within one)", readBenchQuestions(financeBenchFile)));
}
sections.push(await report("Analyst tuning questions (bench/tuning; hit = evidence document, page within one or 2,000 characters)", tuning.questions));
sections.push(...missing("Tuning", tuning.missing));
sections.push(await report("Held-out analyst questions, never tuned on (bench/heldout; hit = evidence document, page within one or 2,000 characters)", heldout.questions));
sections.push(...missing("Held-out", heldout.missing));
const shortHit = "hit = near an evidence quote in any of the query's filings: page within one or 2,000 characters";
sections.push(await report(`Short analyst queries, tuning (bench/tuning/short-queries.jsonl; ${shortHit})`, shortTuning.questions));
sections.push(...missing("Short tuning", shortTuning.missing));
sections.push(await report(`Short analyst queries, held-out, never tuned on (bench/heldout/short-queries.jsonl; ${shortHit})`, shortHeldout.questions));
sections.push(...missing("Short held-out", shortHeldout.missing));
sections.push("Latency (held-out questions, whole corpus)", formatSpeed(await runSpeedBench(heldout.questions)));
console.log(sections.join("\n\n"));

/**
 * `npm run bench:search [financebench.jsonl]`: retrieval quality and latency of filing search on
 * the FinanceBench questions (pass their path; by default ../shared/bench/... when it exists; never
 * copy the file into the repository, its licence is non-commercial) and the judged sets: those in
 * bench/tuning/, with FinanceBench the only sets settings are tuned on, and those in bench/heldout/
 * (never tuned on): analyst questions, short queries ("Apple buybacks") and short queries in the
 * writers' own vocabulary. Every mode (keyword, vector, hybrid, hybrid with rerank) is measured,
 * and the hybrid's fusion is compared with reciprocal-rank fusion.
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
/**
 * The judged sets in bench/tuning and bench/heldout (their READMEs say how each was made), in report
 * order; the held-out analyst questions' two batches are also reported together.
 */
const JUDGED_SETS = [
  { title: "Analyst tuning questions", file: "tuning/questions.jsonl", pooled: false },
  { title: "Held-out analyst questions, never tuned on", file: "heldout/questions.jsonl", pooled: true },
  { title: "Held-out analyst questions, second batch, never tuned on", file: "heldout/questions-2.jsonl", pooled: true },
  { title: "Short analyst queries, tuning", file: "tuning/short-queries.jsonl", pooled: false },
  { title: "Short analyst queries, held-out, never tuned on", file: "heldout/short-queries.jsonl", pooled: false },
  { title: "Short queries in the writers' own vocabulary, tuning", file: "tuning/vocabulary-queries.jsonl", pooled: false },
  { title: "Short queries in the writer's own vocabulary, held-out, never tuned on", file: "heldout/vocabulary-queries.jsonl", pooled: false },
];

const rrf = createSearchBackend(marketDb(), undefined, "rrf");
const hybridModes = BENCH_MODES.filter((m) => m.searchtype === "hybrid");
const report = async (title: string, questions: BenchQuestion[]) => {
  const measured = await runQualityBench(questions);
  const rrfRows = (await runQualityBench(questions, hybridModes, rrf)).map((r) => ({ ...r, mode: `${r.mode} (RRF fusion)` }));
  const quality = [...measured, ...randomBaseline(questions), ...rrfRows];
  return [formatQuality(`${title}, ${questions.length} questions`, quality), formatAgainstKeyword(quality)].join("\n\n");
};
const missing = (set: string, ids: string[]) => (ids.length > 0 ? [`${set}: questions whose evidence is no longer in the filing text (left out): ${ids.join(", ")}`] : []);

const sections: string[] = [];
if (financeBenchFile === null) {
  sections.push("FinanceBench skipped: no questions file. Usage: npm run bench:search -- <financebench_open_source.jsonl>");
} else {
  sections.push(await report("FinanceBench page-level retrieval, tuning (hit = evidence document, page within one)", readBenchQuestions(financeBenchFile)));
}
const HIT = "hit = near an evidence quote in any of the question's filings: page within one or 2,000 characters";
const sets = JUDGED_SETS.map((set) => ({ ...set, ...readJudgedQuestions(path.resolve(env().root, "bench", set.file)) }));
for (const set of sets) {
  sections.push(await report(`${set.title} (bench/${set.file}; ${HIT})`, set.questions));
  sections.push(...missing(set.title, set.missing));
}
const pooled = sets.filter((set) => set.pooled);
sections.push(await report(`Held-out analyst questions, both batches (${HIT})`, pooled.flatMap((set) => set.questions)));
sections.push("Latency (held-out questions, first batch, whole corpus)", formatSpeed(await runSpeedBench(sets.find((set) => set.file === "heldout/questions.jsonl")?.questions ?? [])));
console.log(sections.join("\n\n"));

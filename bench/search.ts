/**
 * `npm run bench:search [financebench.jsonl]`: retrieval quality and latency of filing search on
 * the FinanceBench questions (pass their path; by default ../shared/bench/... when it exists; never
 * copy the file into the repository, its licence is non-commercial) and the judged sets: those in
 * bench/tuning/, with FinanceBench the only sets settings are tuned on, and those in bench/heldout/
 * (never tuned on): analyst questions, short queries ("Apple buybacks") and short queries in the
 * writers' own vocabulary. Every mode (keyword, vector, hybrid, hybrid with rerank) is measured,
 * and the hybrid's fusion is compared with reciprocal-rank fusion.
 */
import { marketDb } from "@/lib/db/market-db";
import { createSearchBackend } from "@/lib/filings/search/backend";
import { financeBenchQuestions, readJudgedSets } from "./support/judged-sets";
import { type BenchQuestion, BENCH_MODES, formatAgainstKeyword, formatQuality, formatSpeed, randomBaseline, runQualityBench, runSpeedBench } from "./support/search-bench";

const financeBench = financeBenchQuestions(process.argv[2]);
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
if (financeBench === null) {
  sections.push("FinanceBench skipped: no questions file. Usage: npm run bench:search -- <financebench_open_source.jsonl>");
} else {
  sections.push(await report("FinanceBench page-level retrieval, tuning (hit = evidence document, page within one)", financeBench));
}
const HIT = "hit = near an evidence quote in any of the question's filings: page within one or 2,000 characters";
const sets = readJudgedSets();
for (const set of sets) {
  sections.push(await report(`${set.title} (bench/${set.file}; ${HIT})`, set.questions));
  sections.push(...missing(set.title, set.missing));
}
const pooled = sets.filter((set) => set.pooled);
sections.push(await report(`Held-out analyst questions, both batches (${HIT})`, pooled.flatMap((set) => set.questions)));
sections.push("Latency (held-out questions, first batch, whole corpus)", formatSpeed(await runSpeedBench(sets.find((set) => set.file === "heldout/questions.jsonl")?.questions ?? [])));
console.log(sections.join("\n\n"));

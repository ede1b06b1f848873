/**
 * `npm run bench:search [questions.jsonl]`: page-level retrieval quality and latency of filing
 * search on the FinanceBench questions (pass their path; by default ../shared/bench/... when it
 * exists; never copy the file into the repository, its licence is non-commercial).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { formatReport, randomBaseline, readBenchQuestions, runQualityBench, runSpeedBench } from "./support/search-bench";

const given = process.argv[2];
const fallback = path.resolve(env().root, "..", "shared", "bench", "financebench_open_source.jsonl");
const file = given ?? (existsSync(fallback) ? fallback : null);
if (file === null) {
  // `npm run bench` runs every bench; without the (unbundled) questions file this one has nothing to measure.
  console.log("bench:search skipped: no questions file. Usage: npm run bench:search -- <financebench_open_source.jsonl>");
  process.exit(0);
}
const questions = readBenchQuestions(file);
const quality = [...(await runQualityBench(questions)), ...randomBaseline(questions)];
const speed = await runSpeedBench(questions);
console.log(formatReport(questions.length, quality, speed));

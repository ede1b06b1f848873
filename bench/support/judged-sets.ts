import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { type BenchQuestion, readBenchQuestions } from "./search-bench";
import { readJudgedQuestions } from "./search-judged";

/**
 * The judged sets in bench/tuning and bench/heldout (their READMEs say how each was made), in report
 * order; the held-out analyst questions' two batches are also reported together.
 */
export const JUDGED_SETS = [
  { title: "Analyst tuning questions", file: "tuning/questions.jsonl", pooled: false },
  { title: "Held-out analyst questions, never tuned on", file: "heldout/questions.jsonl", pooled: true },
  { title: "Held-out analyst questions, second batch, never tuned on", file: "heldout/questions-2.jsonl", pooled: true },
  { title: "Short analyst queries, tuning", file: "tuning/short-queries.jsonl", pooled: false },
  { title: "Short analyst queries, held-out, never tuned on", file: "heldout/short-queries.jsonl", pooled: false },
  { title: "Short queries in the writers' own vocabulary, tuning", file: "tuning/vocabulary-queries.jsonl", pooled: false },
  { title: "Short queries in the writer's own vocabulary, held-out, never tuned on", file: "heldout/vocabulary-queries.jsonl", pooled: false },
];

/** Each judged set with its questions read from the built database (and those whose evidence is gone). */
export const readJudgedSets = () => JUDGED_SETS.map((set) => ({ ...set, ...readJudgedQuestions(path.resolve(env().root, "bench", set.file)) }));

/**
 * The FinanceBench questions: the path given, else ../shared/bench/... when it exists (never copy
 * the file into the repository: its licence is non-commercial); null without either.
 */
export function financeBenchQuestions(given: string | undefined): BenchQuestion[] | null {
  const fallback = path.resolve(env().root, "..", "shared", "bench", "financebench_open_source.jsonl");
  const file = given ?? (existsSync(fallback) ? fallback : null);
  return file === null ? null : readBenchQuestions(file);
}

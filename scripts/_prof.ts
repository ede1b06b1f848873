import { readBenchQuestions } from "@/lib/filings/bench/search-bench";
import { searchFilings, defaultSearchBackend } from "@/lib/filings/search-filings";
const qs = readBenchQuestions("../shared/bench/financebench_open_source.jsonl").slice(0, 40);
defaultSearchBackend().vectors();
for (const st of ["keyword", "vector", "hybrid"] as const) {
  const acc = { total: 0, embedding: 0, keyword: 0, vector: 0 };
  for (const q of qs) { const r = await searchFilings({ queries: [q.question], searchtype: st, results: 10 }); for (const k of Object.keys(acc) as (keyof typeof acc)[]) acc[k] += r.timing_ms[k] / qs.length; }
  console.log(st, JSON.stringify(acc));
}

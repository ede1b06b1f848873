import { readBenchQuestions, runQualityBench } from "@/lib/filings/bench/search-bench";
import { SEARCH_TUNING } from "@/lib/filings/search-filings";
const qs = readBenchQuestions("../shared/bench/financebench_open_source.jsonl");
const variants: Partial<typeof SEARCH_TUNING>[] = JSON.parse(process.argv[2]!);
const base = { ...SEARCH_TUNING };
for (const v of variants) {
  Object.assign(SEARCH_TUNING, base, v);
  const rows = await runQualityBench(qs, ["hybrid"]);
  console.log(JSON.stringify(v), rows.map((r) => `${r.filter}: ${r.recall5.toFixed(3)} ${r.recall10.toFixed(3)} ${r.mrr10.toFixed(3)}`).join(" | "));
}

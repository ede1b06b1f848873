import { readBenchQuestions, runSpeedBench } from "@/lib/filings/bench/search-bench";
import { SEARCH_TUNING } from "@/lib/filings/search-filings";
const qs = readBenchQuestions("../shared/bench/financebench_open_source.jsonl");
Object.assign(SEARCH_TUNING, JSON.parse(process.argv[2]!));
for (const r of await runSpeedBench(qs)) console.log(JSON.stringify(r));

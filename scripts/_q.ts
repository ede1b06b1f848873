import { readBenchQuestions, runQualityBench, formatReport } from "@/lib/filings/bench/search-bench";
const qs = readBenchQuestions("../shared/bench/financebench_open_source.jsonl");
console.log(formatReport(qs.length, await runQualityBench(qs, (process.argv[2] ?? "hybrid,keyword,vector").split(",")), []));

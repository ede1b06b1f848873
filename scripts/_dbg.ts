import { readBenchQuestions } from "@/lib/filings/bench/search-bench";
import { searchFilings } from "@/lib/filings/search-filings";
import { parseQuery } from "@/lib/filings/query-text";
const qs = readBenchQuestions("../shared/bench/financebench_open_source.jsonl");
for (const q of qs.slice(0, 12)) {
  const r = await searchFilings({ queries: [q.question], name: q.company, searchtype: (process.argv[2] ?? "keyword") as "keyword", results: 10 });
  console.log(q.docName, q.pages, "|", parseQuery(q.question).words.join(" "));
  console.log("   ", r.results.map((h) => `${h.filing.id.replace(/_/g, "")}:${h.page! - 1}`).join(" "));
}

import { readFileSync } from "node:fs";
import { benchRepository } from "./search-bench-repository";
import { defaultSearchBackend, searchFilings } from "@/lib/filings/search-filings";
import type { FilingSearchRequest } from "@/lib/filings/search-schema";
import { QUERY_TERM_BOUNDS, SEARCH_TYPES } from "@/lib/filings/search-schema";
import { parseQuery, searchableTermCount } from "@/lib/filings/query-text";

export interface BenchQuestion {
  company: string;
  docName: string;
  question: string;
  /** 0-based evidence pages. */
  pages: number[];
}

/** Reads the FinanceBench questions (JSON Lines with company, doc_name, question, evidence[]). */
export function readBenchQuestions(file: string): BenchQuestion[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const row = JSON.parse(line) as { company: string; doc_name: string; question: string; evidence: { evidence_page_num: number }[] };
      return { company: row.company, docName: row.doc_name, question: fitQuery(row.question), pages: row.evidence.map((e) => e.evidence_page_num) };
    });
}

/** The API takes queries of at most 300 characters: longer questions are cut at a word boundary. */
function fitQuery(question: string): string {
  if (question.length <= 300) return question;
  const cut = question.slice(0, 300);
  return cut.slice(0, cut.lastIndexOf(" "));
}

export interface QualityRow {
  searchtype: string;
  filter: "none" | "company";
  recall5: number;
  recall10: number;
  mrr10: number;
  /** The stricter count: the hit's page is an evidence page itself (null where not computed). */
  exact: { recall10: number; mrr10: number } | null;
}

/**
 * Page-level success: a hit counts when it comes from the evidence document and its page is within
 * one of an evidence page (FinanceBench pages are 0-based, result pages 1-based); `exact` counts
 * only the evidence pages themselves.
 */
export async function runQualityBench(questions: BenchQuestion[], searchtypes: readonly string[] = SEARCH_TYPES): Promise<QualityRow[]> {
  const aliases = benchRepository().documentAliases();
  const rows: QualityRow[] = [];
  for (const filter of ["none", "company"] as const) {
    for (const searchtype of searchtypes) {
      let r5 = 0;
      let r10 = 0;
      let mrr = 0;
      let exactR10 = 0;
      let exactMrr = 0;
      for (const q of questions) {
        const doc = aliases.get(q.docName) ?? q.docName;
        const request: FilingSearchRequest = { queries: [q.question], results: 10, searchtype: searchtype as FilingSearchRequest["searchtype"] };
        if (filter === "company") request.name = q.company;
        const { results } = await searchFilings(request);
        const rankWithin = (pages: number) =>
          results.findIndex((hit) => hit.filing.id === doc && hit.page !== null && q.pages.some((p) => Math.abs(hit.page! - 1 - p) <= pages));
        const rank = rankWithin(1);
        if (rank >= 0 && rank < 5) r5++;
        if (rank >= 0) {
          r10++;
          mrr += 1 / (rank + 1);
        }
        const exact = rankWithin(0);
        if (exact >= 0) {
          exactR10++;
          exactMrr += 1 / (exact + 1);
        }
      }
      const n = questions.length;
      rows.push({ searchtype, filter, recall5: r5 / n, recall10: r10 / n, mrr10: mrr / n, exact: { recall10: exactR10 / n, mrr10: exactMrr / n } });
    }
  }
  return rows;
}

/**
 * The expected scores of a random ranking of the passages in scope (all passages, or those of the
 * question's company), computed exactly: with R relevant passages among N, the first relevant one
 * is at rank k with probability prod_{i<k-1} (N-R-i)/(N-i) * R/(N-k+1).
 */
export function randomBaseline(questions: BenchQuestion[]): QualityRow[] {
  const repository = benchRepository();
  const aliases = repository.documentAliases();
  const all = repository.allPassages();
  const expected = (n: number, r: number) => {
    let miss = 1;
    let r5 = 0;
    let r10 = 0;
    let mrr = 0;
    for (let k = 1; k <= 10 && n - k + 1 > 0; k++) {
      const first = miss * (r / (n - k + 1));
      if (k <= 5) r5 += first;
      r10 += first;
      mrr += first / k;
      miss *= (n - r - k + 1) / (n - k + 1);
    }
    return { r5, r10, mrr };
  };
  return (["none", "company"] as const).map((filter) => {
    const totals = { r5: 0, r10: 0, mrr: 0 };
    for (const q of questions) {
      const doc = aliases.get(q.docName) ?? q.docName;
      const r = repository.relevantPassages(doc, q.pages);
      const n = filter === "none" ? all : repository.companyPassages(doc);
      if (r === 0 || n === 0) continue;
      const e = expected(n, r);
      totals.r5 += e.r5;
      totals.r10 += e.r10;
      totals.mrr += e.mrr;
    }
    const count = questions.length;
    return { searchtype: "random", filter, recall5: totals.r5 / count, recall10: totals.r10 / count, mrr10: totals.mrr / count, exact: null };
  });
}

export interface SpeedRow {
  searchtype: string;
  queries: number;
  median: number;
  p95: number;
  requests: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};

/**
 * The question, or for a request of several queries its leading words that keep each query within
 * an equal share of the request's searchable-term budget (12 whole questions exceed it).
 */
function withinBudget(question: string, queries: number): string {
  const share = Math.min(QUERY_TERM_BOUNDS.perQuery, Math.floor(QUERY_TERM_BOUNDS.perRequest / queries));
  const words = question.split(" ");
  let end = words.length;
  while (searchableTermCount(parseQuery(words.slice(0, end).join(" "))) > share) end--;
  return words.slice(0, end).join(" ");
}

/** Latency of one-query requests (every question) and of 12-query requests (questions cut to fit the term budget), per search type. */
export async function runSpeedBench(questions: BenchQuestion[]): Promise<SpeedRow[]> {
  defaultSearchBackend().vectors(); // load the vector index before timing
  await searchFilings({ queries: ["warm up"], searchtype: "hybrid" });
  const rows: SpeedRow[] = [];
  for (const searchtype of SEARCH_TYPES) {
    for (const size of [1, 12]) {
      const times: number[] = [];
      const requests = size === 1 ? questions.length : Math.floor(questions.length / 12) * 2;
      for (let i = 0; i < requests; i++) {
        const queries = Array.from({ length: size }, (_, j) => withinBudget(questions[(i * size + j) % questions.length]!.question, size));
        const started = performance.now();
        await searchFilings({ queries, searchtype, results: 10 });
        times.push(performance.now() - started);
      }
      rows.push({ searchtype, queries: size, median: percentile(times, 0.5), p95: percentile(times, 0.95), requests });
    }
  }
  return rows;
}

export function formatReport(questions: number, quality: QualityRow[], speed: SpeedRow[]): string {
  const lines = [`FinanceBench page-level retrieval, ${questions} questions (hit = evidence document, page within one)`, ""];
  lines.push(
    "| search type | filter | Recall@5 | Recall@10 | MRR@10 | exact page: Recall@10 | exact page: MRR@10 |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const r of quality) {
    const exact = r.exact ? `${r.exact.recall10.toFixed(3)} | ${r.exact.mrr10.toFixed(3)}` : "— | —";
    lines.push(`| ${r.searchtype} | ${r.filter} | ${r.recall5.toFixed(3)} | ${r.recall10.toFixed(3)} | ${r.mrr10.toFixed(3)} | ${exact} |`);
  }
  lines.push("", "| search type | queries per request | requests | median ms | p95 ms |", "| --- | --- | --- | --- | --- |");
  for (const r of speed) lines.push(`| ${r.searchtype} | ${r.queries} | ${r.requests} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  return lines.join("\n");
}

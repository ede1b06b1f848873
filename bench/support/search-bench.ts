import { readFileSync } from "node:fs";
import { type Span, benchRepository } from "./search-bench-repository";
import { type SearchBackend, defaultSearchBackend } from "@/lib/filings/search/backend";
import type { FilingSearchHit, FilingSearchRequest } from "@/lib/filings/search-schema";
import { QUERY_TERM_BOUNDS } from "@/lib/filings/search-schema";
import { parseQuery, searchableTermCount } from "@/lib/filings/query-text";
import { searchV1 } from "@/test/support/filings/parsed-search";
import { type PairedDifference, pairedBootstrap } from "./paired-bootstrap";

/**
 * Where a question's answer is: 0-based pages of a paged filing (a hit counts within one page, as
 * FinanceBench is judged), or spans of an unpaged filing's text (a hit counts within
 * SPAN_TOLERANCE characters, about a printed page either side).
 */
export type Evidence = { pages: number[] } | { spans: Span[] };

/** A filing that answers a question, and where in it. */
export interface BenchTarget {
  docName: string;
  evidence: Evidence;
}

/** A question and the filings that answer it (one for FinanceBench; a short query may be answered in several of a company's filings). */
export interface BenchQuestion {
  company: string;
  question: string;
  targets: BenchTarget[];
}

export const SPAN_TOLERANCE = 2_000;

/** Reads the FinanceBench questions (JSON Lines with company, doc_name, question, evidence[]). */
export function readBenchQuestions(file: string): BenchQuestion[] {
  return jsonLines(file).map((line) => {
    const row = JSON.parse(line) as { company: string; doc_name: string; question: string; evidence: { evidence_page_num: number }[] };
    const evidence = { pages: row.evidence.map((e) => e.evidence_page_num) };
    return { company: row.company, question: fitQuery(row.question), targets: [{ docName: row.doc_name, evidence }] };
  });
}

export const jsonLines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");

/** The API takes queries of at most 300 characters: longer questions are cut at a word boundary. */
function fitQuery(question: string): string {
  if (question.length <= 300) return question;
  const cut = question.slice(0, 300);
  return cut.slice(0, cut.lastIndexOf(" "));
}

/** A way of searching the bench measures: a search type, with or without the second-stage rerank. */
export interface BenchMode {
  label: string;
  searchtype: FilingSearchRequest["searchtype"];
  rerank: boolean;
}

export const BENCH_MODES: BenchMode[] = [
  { label: "keyword", searchtype: "keyword", rerank: false },
  { label: "vector", searchtype: "vector", rerank: false },
  { label: "hybrid", searchtype: "hybrid", rerank: false },
  { label: "hybrid+rerank", searchtype: "hybrid", rerank: true },
];

export interface QualityRow {
  mode: string;
  filter: "none" | "company";
  recall5: number;
  /** Recall@10 as FinanceBench is scored here: the share of questions with a relevant hit in the top 10 (success@10). */
  recall10: number;
  mrr10: number;
  /** The stricter count: the hit's page is an evidence page itself, or overlaps the evidence span (null where not computed). */
  exact: { recall10: number; mrr10: number } | null;
  /** Each question's reciprocal rank of its first relevant hit within 10 (0 for none), in question order; null for the random baseline. */
  reciprocalRanks: number[] | null;
}

/** Whether a hit is relevant to one of the question's filings, with the given slack (1: page within one / SPAN_TOLERANCE; 0: exact). */
function relevant(hit: FilingSearchHit, targets: BenchTarget[], slack: 0 | 1): boolean {
  return targets.some(({ docName, evidence }) => {
    if (hit.filing.id !== docName) return false;
    if ("pages" in evidence) return hit.page !== null && evidence.pages.some((p) => Math.abs(hit.page! - 1 - p) <= slack);
    const within = slack * SPAN_TOLERANCE;
    return evidence.spans.some((s) => hit.offsets.start < s.end + within && hit.offsets.end > s.start - within);
  });
}

/** The question's targets under the names of the filings kept for them (a skipped duplicate document names its kept twin). */
const resolved = (targets: BenchTarget[], aliases: Map<string, string>) => targets.map((t) => ({ ...t, docName: aliases.get(t.docName) ?? t.docName }));

/** Quality of each mode, with no filter and with the company filter a user would set. */
export async function runQualityBench(questions: BenchQuestion[], modes: readonly BenchMode[] = BENCH_MODES, backend?: SearchBackend): Promise<QualityRow[]> {
  const aliases = benchRepository().documentAliases();
  const rows: QualityRow[] = [];
  for (const filter of ["none", "company"] as const) {
    for (const mode of modes) {
      const totals = { r5: 0, exactR10: 0, exactMrr: 0 };
      const reciprocalRanks: number[] = [];
      for (const q of questions) {
        const targets = resolved(q.targets, aliases);
        const request: FilingSearchRequest = { queries: [q.question], results: 10, searchtype: mode.searchtype, rerank: mode.rerank };
        if (filter === "company") request.name = q.company;
        const { results } = await searchV1(request, backend);
        const rank = results.findIndex((hit) => relevant(hit, targets, 1));
        if (rank >= 0 && rank < 5) totals.r5++;
        reciprocalRanks.push(rank >= 0 ? 1 / (rank + 1) : 0);
        const exact = results.findIndex((hit) => relevant(hit, targets, 0));
        if (exact >= 0) {
          totals.exactR10++;
          totals.exactMrr += 1 / (exact + 1);
        }
      }
      const n = questions.length;
      rows.push({
        mode: mode.label,
        filter,
        recall5: totals.r5 / n,
        recall10: reciprocalRanks.filter((r) => r > 0).length / n,
        mrr10: reciprocalRanks.reduce((sum, r) => sum + r, 0) / n,
        exact: { recall10: totals.exactR10 / n, mrr10: totals.exactMrr / n },
        reciprocalRanks,
      });
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
      const targets = resolved(q.targets, aliases);
      const near = ({ docName, evidence }: BenchTarget) =>
        "pages" in evidence ? repository.passagesNearPages(docName, evidence.pages) : repository.passagesNearSpans(docName, evidence.spans, SPAN_TOLERANCE);
      const r = targets.reduce((sum, t) => sum + near(t), 0);
      const n = filter === "none" ? all : repository.companyPassages(targets[0]!.docName);
      if (r === 0 || n === 0) continue;
      const e = expected(n, r);
      totals.r5 += e.r5;
      totals.r10 += e.r10;
      totals.mrr += e.mrr;
    }
    const count = questions.length;
    return { mode: "random", filter, recall5: totals.r5 / count, recall10: totals.r10 / count, mrr10: totals.mrr / count, exact: null, reciprocalRanks: null };
  });
}

export interface SpeedRow {
  mode: string;
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

/** Latency of one-query requests (every question) and of 12-query requests (questions cut to fit the term budget), per mode. */
export async function runSpeedBench(questions: BenchQuestion[], modes: readonly BenchMode[] = BENCH_MODES): Promise<SpeedRow[]> {
  defaultSearchBackend().vectors(); // load the vector index before timing
  await searchV1({ queries: ["warm up"], searchtype: "hybrid", rerank: true });
  const rows: SpeedRow[] = [];
  for (const mode of modes) {
    for (const size of [1, 12]) {
      const times: number[] = [];
      const requests = size === 1 ? questions.length : Math.floor(questions.length / 12) * 2;
      for (let i = 0; i < requests; i++) {
        const queries = Array.from({ length: size }, (_, j) => withinBudget(questions[(i * size + j) % questions.length]!.question, size));
        const started = performance.now();
        await searchV1({ queries, searchtype: mode.searchtype, rerank: mode.rerank, results: 10 });
        times.push(performance.now() - started);
      }
      rows.push({ mode: mode.label, queries: size, median: percentile(times, 0.5), p95: percentile(times, 0.95), requests });
    }
  }
  return rows;
}

export function formatQuality(title: string, quality: QualityRow[]): string {
  const lines = [title, ""];
  lines.push(
    "| mode | filter | Recall@5 | Recall@10 (success@10) | MRR@10 | exact: Recall@10 | exact: MRR@10 |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const r of quality) {
    const exact = r.exact ? `${r.exact.recall10.toFixed(3)} | ${r.exact.mrr10.toFixed(3)}` : "— | —";
    lines.push(`| ${r.mode} | ${r.filter} | ${r.recall5.toFixed(3)} | ${r.recall10.toFixed(3)} | ${r.mrr10.toFixed(3)} | ${exact} |`);
  }
  return lines.join("\n");
}

/**
 * Every other mode against keyword, question by question: the Recall@10 (success@10) and MRR@10
 * differences with their 95% paired-bootstrap intervals, so a gap of one or two questions reads as
 * what it is.
 */
export function formatAgainstKeyword(quality: QualityRow[]): string {
  const signed = (x: number) => {
    const shown = Math.abs(x).toFixed(3);
    return `${x < 0 && Number(shown) > 0 ? "−" : "+"}${shown}`;
  };
  const shown = (d: PairedDifference) => `${signed(d.mean)} [${signed(d.low)}, ${signed(d.high)}]`;
  const found = (ranks: number[]) => ranks.map((r) => (r > 0 ? 1 : 0));
  const lines = ["Against keyword, per question (95% paired-bootstrap interval)", "", "| mode | filter | Recall@10 difference | MRR@10 difference |", "| --- | --- | --- | --- |"];
  for (const row of quality) {
    const keyword = quality.find((r) => r.mode === "keyword" && r.filter === row.filter)?.reciprocalRanks;
    if (row.mode === "keyword" || !row.reciprocalRanks || !keyword) continue;
    const recall = pairedBootstrap(found(keyword), found(row.reciprocalRanks));
    lines.push(`| ${row.mode} | ${row.filter} | ${shown(recall)} | ${shown(pairedBootstrap(keyword, row.reciprocalRanks))} |`);
  }
  return lines.join("\n");
}

export function formatSpeed(speed: SpeedRow[]): string {
  const lines = ["| mode | queries per request | requests | median ms | p95 ms |", "| --- | --- | --- | --- | --- |"];
  for (const r of speed) lines.push(`| ${r.mode} | ${r.queries} | ${r.requests} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  return lines.join("\n");
}

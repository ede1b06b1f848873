import { z } from "zod";
import { type BenchQuestion, jsonLines } from "./search-bench";
import { type Span, benchRepository } from "./search-bench-repository";

const JudgedRow = z.object({
  id: z.string(),
  company: z.string(),
  doc_name: z.string(),
  question: z.string().max(300),
  evidence: z.array(z.object({ quote: z.string().min(1), pages: z.array(z.number().int().positive()).nullable() })).min(1),
});

/** The rows of a judged set's questions.jsonl, each checked against the row schema. */
export const readJudgedRows = (file: string) => jsonLines(file).map((line) => JudgedRow.parse(JSON.parse(line)));

/** A quote as a pattern that tolerates differing white space. */
const quotePattern = (quote: string) => new RegExp(quote.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "g");

/**
 * Reads a set of judged questions (bench/heldout and bench/tuning, see their READMEs): each evidence quote is
 * found in its filing's stored text, giving 0-based pages for paged filings and document spans for
 * unpaged ones. Questions whose quotes are no longer found are returned in `missing`.
 */
export function readJudgedQuestions(file: string): { questions: BenchQuestion[]; missing: string[] } {
  const repository = benchRepository();
  const questions: BenchQuestion[] = [];
  const missing: string[] = [];
  for (const row of readJudgedRows(file)) {
    const pages = repository.filingPages(row.doc_name);
    const paged = pages[0]?.has_pages === 1;
    const found = new Set<number>();
    const spans: Span[] = [];
    for (const { quote } of row.evidence) {
      const pattern = quotePattern(quote);
      for (const page of pages) {
        for (const match of page.text.matchAll(pattern)) {
          found.add(page.number - 1);
          spans.push({ start: page.start_offset + match.index, end: page.start_offset + match.index + match[0].length });
        }
      }
    }
    if (spans.length === 0) {
      missing.push(row.id);
      continue;
    }
    questions.push({ company: row.company, docName: row.doc_name, question: row.question, evidence: paged ? { pages: [...found] } : { spans } });
  }
  return { questions, missing };
}

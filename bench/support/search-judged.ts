import { z } from "zod";
import { type BenchQuestion, type BenchTarget, jsonLines } from "./search-bench";
import { type Span, benchRepository } from "./search-bench-repository";

const JudgedRow = z.object({
  id: z.string(),
  company: z.string(),
  doc_name: z.string(),
  question: z.string().max(300),
  /** The filings a short query was judged over (all its company's filings of its year, or all of them). */
  scope_docs: z.array(z.string()).optional(),
  /** Each quote's filing: its own `doc_name` where given (a short query answered in several filings), else the row's. */
  evidence: z
    .array(z.object({ quote: z.string().min(1), pages: z.array(z.number().int().positive()).nullable(), doc_name: z.string().optional() }))
    .min(1),
});

/** The rows of a judged set's questions.jsonl, each checked against the row schema. */
export const readJudgedRows = (file: string) => jsonLines(file).map((line) => JudgedRow.parse(JSON.parse(line)));

/** A quote as a pattern that tolerates differing white space. */
const quotePattern = (quote: string) => new RegExp(quote.trim().split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+"), "g");

/**
 * Reads a set of judged questions (bench/heldout and bench/tuning, see their READMEs): each evidence quote is
 * found in its filing's stored text, giving 0-based pages for paged filings and document spans for
 * unpaged ones. Questions with a filing none of whose quotes are found any more are returned in `missing`.
 */
export function readJudgedQuestions(file: string): { questions: BenchQuestion[]; missing: string[] } {
  const repository = benchRepository();
  const questions: BenchQuestion[] = [];
  const missing: string[] = [];
  for (const row of readJudgedRows(file)) {
    const docs = [...new Set(row.evidence.map((e) => e.doc_name ?? row.doc_name))];
    const targets = docs.flatMap((docName): BenchTarget[] => {
      const pages = repository.filingPages(docName);
      const paged = pages[0]?.has_pages === 1;
      const found = new Set<number>();
      const spans: Span[] = [];
      for (const { quote } of row.evidence.filter((e) => (e.doc_name ?? row.doc_name) === docName)) {
        const pattern = quotePattern(quote);
        for (const page of pages) {
          for (const match of page.text.matchAll(pattern)) {
            found.add(page.number - 1);
            spans.push({ start: page.start_offset + match.index, end: page.start_offset + match.index + match[0].length });
          }
        }
      }
      if (spans.length === 0) return [];
      return [{ docName, evidence: paged ? { pages: [...found] } : { spans } }];
    });
    if (targets.length < docs.length) missing.push(row.id);
    else questions.push({ company: row.company, question: row.question, targets });
  }
  return { questions, missing };
}

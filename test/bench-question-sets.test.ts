import path from "node:path";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { readJudgedQuestions, readJudgedRows } from "@/bench/support/search-judged";

/**
 * The judged question sets of `npm run bench:search` against the built database: every evidence
 * quote is still in its filing's text (an ingest change that loses it would silently shrink a set),
 * ids are unique, and each tuning set shares no filing or question with its held-out set (the
 * short and vocabulary sets were written by company and share no company either; they share filings
 * with the other kinds' sets: their READMEs say so).
 */
const file = (set: string) => path.resolve(env().root, "bench", `${set}.jsonl`);
const rows = (set: string) => readJudgedRows(file(set));
const filings = (set: string) => new Set(rows(set).flatMap((r) => [r.doc_name, ...r.evidence.map((e) => e.doc_name ?? r.doc_name)]));

describe("judged question sets", () => {
  it.each([
    ["heldout/questions", 41],
    ["heldout/questions-2", 48],
    ["tuning/questions", 120],
    ["heldout/short-queries", 24],
    ["tuning/short-queries", 32],
    ["heldout/vocabulary-queries", 34],
    ["tuning/vocabulary-queries", 37],
  ])("%s: every question's evidence is found in its filing", (set, count) => {
    const { questions, missing } = readJudgedQuestions(file(set));
    expect(missing).toEqual([]);
    expect(questions).toHaveLength(count);
  });

  it("question ids are unique across the sets", () => {
    const ids = ["heldout/questions", "heldout/questions-2", "tuning/questions", "heldout/short-queries", "tuning/short-queries", "heldout/vocabulary-queries", "tuning/vocabulary-queries"].flatMap((set) => rows(set).map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the tuning set uses no filing and no question of the held-out batches", () => {
    const heldout = [...rows("heldout/questions"), ...rows("heldout/questions-2")];
    const tuning = rows("tuning/questions");
    const heldoutFilings = new Set(heldout.map((r) => r.doc_name));
    expect(tuning.filter((r) => heldoutFilings.has(r.doc_name))).toEqual([]);
    const heldoutQuestions = new Set(heldout.map((r) => r.question.toLowerCase()));
    expect(tuning.filter((r) => heldoutQuestions.has(r.question.toLowerCase()))).toEqual([]);
  });

  it("the second held-out batch uses no filing of any tuning set", () => {
    const tuningFilings = new Set([...filings("tuning/questions"), ...filings("tuning/short-queries")]);
    expect([...filings("heldout/questions-2")].filter((f) => tuningFilings.has(f))).toEqual([]);
  });

  it.each([
    ["tuning/short-queries", "heldout/short-queries"],
    ["tuning/vocabulary-queries", "heldout/vocabulary-queries"],
  ])("%s share no company and no filing with %s", (tuningSet, heldoutSet) => {
    const heldout = rows(heldoutSet);
    const heldoutCompanies = new Set(heldout.map((r) => r.company));
    expect(rows(tuningSet).filter((r) => heldoutCompanies.has(r.company))).toEqual([]);
    const heldoutFilings = filings(heldoutSet);
    expect([...filings(tuningSet)].filter((f) => heldoutFilings.has(f))).toEqual([]);
  });
});

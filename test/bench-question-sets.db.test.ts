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
/** Every filing a set's questions were judged on: their own, their evidence's and their scopes'. */
const filings = (...sets: string[]) =>
  new Set(sets.flatMap((set) => rows(set).flatMap((r) => [r.doc_name, ...r.evidence.map((e) => e.doc_name ?? r.doc_name), ...(r.scope_docs ?? [])])));
/** A query as its set of words, so a repeat in another order or case is still a repeat. */
const wordSet = (query: string) => [...new Set(query.toLowerCase().replace(/['’]s\b/g, "").match(/[\p{L}\p{N}&]+/gu) ?? [])].sort().join(" ");

const SETS = {
  "tuning/questions": 120,
  "tuning/short-queries": 32,
  "tuning/vocabulary-queries": 28,
  "heldout/questions": 41,
  "heldout/questions-2": 48,
  "heldout/short-queries": 24,
  "heldout/vocabulary-queries": 24,
};
const names = Object.keys(SETS);
const tuningSets = names.filter((set) => set.startsWith("tuning/"));

describe("judged question sets", () => {
  it.each(Object.entries(SETS))("%s: every question's evidence is found in its filing", (set, count) => {
    const { questions, missing } = readJudgedQuestions(file(set));
    expect(missing).toEqual([]);
    expect(questions).toHaveLength(count);
  });

  it("question ids are unique across the sets, and no query repeats another's words", () => {
    const all = names.flatMap((set) => rows(set));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(new Set(all.map((r) => wordSet(r.question))).size).toBe(all.length);
  });

  it("the tuning set uses no filing and no question of the held-out batches", () => {
    const heldout = [...rows("heldout/questions"), ...rows("heldout/questions-2")];
    const tuning = rows("tuning/questions");
    const heldoutFilings = new Set(heldout.map((r) => r.doc_name));
    expect(tuning.filter((r) => heldoutFilings.has(r.doc_name))).toEqual([]);
  });

  it("the second held-out batch uses no filing of any tuning set", () => {
    const tuningFilings = filings(...tuningSets);
    expect([...filings("heldout/questions-2")].filter((f) => tuningFilings.has(f))).toEqual([]);
  });

  it("the short and vocabulary tuning queries share no company and no filing with the held-out ones", () => {
    const tuning = ["tuning/short-queries", "tuning/vocabulary-queries"];
    const heldout = ["heldout/short-queries", "heldout/vocabulary-queries"];
    const heldoutCompanies = new Set(heldout.flatMap((set) => rows(set).map((r) => r.company)));
    expect(tuning.flatMap((set) => rows(set)).filter((r) => heldoutCompanies.has(r.company))).toEqual([]);
    const heldoutFilings = filings(...heldout);
    expect([...filings(...tuning)].filter((f) => heldoutFilings.has(f))).toEqual([]);
  });
});

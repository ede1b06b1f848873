import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CorpusEmbedder } from "@/lib/filings/embeddings/corpus-embedder";
import { embedWithLsa } from "@/lib/filings/embeddings/lsa-model";
import { silentProgress } from "@/lib/ingest/progress";
import { type TestDatabase, type TestFiling, createFilingsTestDatabase, writeTestFilings } from "@/test/support/filings/filings-database";
import { SAMPLE_COMPANIES, SAMPLE_FILINGS, filler } from "@/test/support/filings/sample-filings";
import { LSA_REFIT_GROWTH, embedNewPassages, lsaInput } from "./embeddings-stage";

/**
 * Passages added to a built database (npm run sync -- filings) get vectors from the fit the queries
 * use: the current one until the corpus has grown by LSA_REFIT_GROWTH, then a new fit of everything.
 */
let database: TestDatabase | undefined;
afterEach(() => database?.close());

const count = (sql: string) => z.number().parse(database!.db.prepare(sql).pluck().get());
const fittedOn = () => z.object({ passages: z.number() }).parse(JSON.parse(z.string().parse(database!.db.prepare("SELECT value FROM meta WHERE key = 'embedding_model'").pluck().get()))).passages;
const vectorOf = (id: number) => {
  const blob = z.instanceof(Buffer).parse(database!.db.prepare("SELECT embedding FROM filing_passage_vectors WHERE rowid = ?").pluck().get(id));
  return Array.from(new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4));
};
const passageInput = (id: number) =>
  lsaInput(z.object({ text: z.string(), heading: z.string(), filing: z.string() }).parse(database!.db.prepare("SELECT text, heading, filing FROM filing_passage_texts WHERE id = ?").get(id)));

const newFiling = (name: string, pages: number): TestFiling => ({
  name,
  companyId: 1,
  companyLabel: "3M",
  type: "10-Q",
  fiscalYear: 2019,
  fiscalPeriod: "Q1",
  periodEnd: "2019-03-31",
  pages: Array.from({ length: pages }, (_, i) => `Item 2. Management's Discussion and Analysis\n${filler(`Segment ${i} sales of abrasives and adhesives rose with volume.`)}`),
});

/** Writes `filing` after the stored ones; returns its first passage id. */
function add(filing: TestFiling): number {
  const first = count("SELECT max(id) + 1 FROM filing_passages");
  writeTestFilings(database!.db, SAMPLE_COMPANIES, [filing], count("SELECT max(id) + 1 FROM filings"), first);
  return first;
}

describe("embedNewPassages", () => {
  it("embeds a few new passages with the current fit, exactly as a query text is embedded", () => {
    database = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
    const before = fittedOn();
    const first = add(newFiling("3M_2019Q1_10Q", 1));
    const passages = count("SELECT count(*) FROM filing_passages");
    expect(passages).toBeLessThan(before * LSA_REFIT_GROWTH);
    expect(embedNewPassages(database.db, first, silentProgress)).toEqual({ kind: "folded-in", passages: passages - before });
    expect(fittedOn()).toBe(before);
    const dimensions = vectorOf(1).length;
    const embedder = new CorpusEmbedder(database.db, dimensions);
    const expected = Array.from(embedWithLsa(passageInput(first), (term) => embedder.termVector(term), dimensions));
    vectorOf(first).forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 6));
    expect(count("SELECT count(*) FROM filing_passages WHERE id NOT IN (SELECT rowid FROM filing_passage_vectors)")).toBe(0);
  });

  it("fits the model again over every passage once the corpus has grown enough", () => {
    database = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
    const before = fittedOn();
    const abrasives = () => count("SELECT count(*) FROM filing_embedding_terms WHERE term LIKE 'abras%'");
    expect(abrasives()).toBe(0);
    const first = add(newFiling("3M_2019Q1_10Q", Math.ceil(before * LSA_REFIT_GROWTH)));
    const passages = count("SELECT count(*) FROM filing_passages");
    const outcome = embedNewPassages(database.db, first, silentProgress);
    expect(outcome).toMatchObject({ kind: "refitted", passages });
    expect(fittedOn()).toBe(passages);
    // The new passages' words ("abrasives") entered the model; every passage has a vector of the new fit.
    expect(abrasives()).toBe(1);
    expect(count("SELECT count(*) FROM filing_passage_vectors")).toBe(passages);
  });
});

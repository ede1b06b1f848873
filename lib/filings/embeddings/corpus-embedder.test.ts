import { afterAll, describe, expect, it } from "vitest";
import { type TestDatabase, createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { SAMPLE_COMPANIES, SAMPLE_FILINGS } from "@/test/support/filings/sample-filings";
import { stem } from "../text-terms";
import { CorpusEmbedder } from "./corpus-embedder";

const database: TestDatabase = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
afterAll(() => database.close());

describe("the corpus embedder", () => {
  it("embeds a question from its topic words, leaving out the analyst's phrasing", async () => {
    const model = database.db.prepare<[], string>("SELECT value FROM meta WHERE key = 'embedding_model'").pluck().get()!;
    const embedder = new CorpusEmbedder(database.db, (JSON.parse(model) as { dimensions: number }).dimensions);
    const [question, topic] = await embedder.embed(["In millions, as stated in the filing, what is the allowance for loan losses?", "allowance for loan losses"]);
    expect([...question!]).toEqual([...topic!]);
    expect(Math.hypot(...question!)).toBeCloseTo(1, 5);
    // The phrasing words are terms of the model: left in, they would have moved the vector.
    const term = database.db.prepare<[string], string>("SELECT term FROM filing_embedding_terms WHERE term = ?").pluck();
    expect([term.get(stem("millions")), term.get(stem("stated"))]).toEqual([stem("millions"), stem("stated")]);
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { type TestDatabase, createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { SAMPLE_COMPANIES, SAMPLE_FILINGS } from "@/test/support/filings/sample-filings";
import { FilingSearchRepository } from "../filing-search-repository";
import { stem } from "../text-terms";
import { CorpusEmbedder } from "./corpus-embedder";

const database: TestDatabase = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
afterAll(() => database.close());

describe("the corpus embedder", () => {
  const embedder = new CorpusEmbedder(database.db, new FilingSearchRepository(database.db).embeddingModel()!.dimensions);

  it("embeds a question from its topic words, leaving out the analyst's phrasing", async () => {
    const [question, topic] = await embedder.embed(["In millions, as stated, what is the allowance for loan losses?", "allowance for loan losses"]);
    expect([...question!]).toEqual([...topic!]);
    expect(Math.hypot(...question!)).toBeCloseTo(1, 5);
    // The phrasing words are terms of the model: left in, they would have moved the vector.
    const term = database.db.prepare<[string], string>("SELECT term FROM filing_embedding_terms WHERE term = ?").pluck();
    expect([term.get(stem("millions")), term.get(stem("stated"))]).toEqual([stem("millions"), stem("stated")]);
  });

  it("embeds a query of phrasing words alone from those words, not as an empty vector", async () => {
    for (const [vector] of [await embedder.embed(["investment"]), await embedder.embed(["2019 investment"])]) expect(Math.hypot(...vector!)).toBeCloseTo(1, 5);
  });
});

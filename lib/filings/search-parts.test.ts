import { describe, expect, it } from "vitest";
import { fitLsa, embedWithLsa } from "./embeddings/lsa-model";
import { filingTypeKey, normaliseFilingType } from "./filing-types";
import { highlightSpans, snippetOf } from "./highlights";
import { HIGHLIGHT_CLOSE as C, HIGHLIGHT_OPEN as O } from "./filing-search-repository";
import { namesInScope, queryHints, topicWithoutNames, withoutNames } from "./query-hints";
import { queryTermCoverage, rerankQuery, rerankQueryOf } from "./rerank-passages";
import { commonWordReader, ftsExpression, parseQuery, queryTopicText } from "./query-text";
import { VectorIndex } from "./vector-index";

describe("query text", () => {
  it("quotes every word and keeps quoted phrases whole", () => {
    const terms = parseQuery('What drove the "goodwill impairment" in retail?');
    expect(terms).toEqual({ words: ["drove", "retail"], phrases: [["goodwill", "impairment"]], pairs: [], alternatives: [] });
    expect(ftsExpression(terms)).toBe('"goodwill impairment" OR "drove" OR "retail"');
  });

  it("turns FTS5 syntax into plain words", () => {
    expect(ftsExpression(parseQuery('NEAR(cash* -flow) col:"x AND OR NOT ^y'))).toBe('"near" OR "cash" OR "flow" OR "col" OR "x" OR "y"');
    expect(ftsExpression(parseQuery("*** --- ((("))).toBeNull();
  });

  it("drops stopwords and question phrasing unless nothing else is left, and spells fiscal years as filings do", () => {
    expect(parseQuery("Round your answer to two decimal places: FY22 capex").words).toEqual(["two", "fy2022", "2022", "capex"]);
    expect(parseQuery("what is it").words).toEqual(["what", "is", "it"]);
  });

  it("takes a possessive's s for no word, except inside a phrase, where the text has it", () => {
    expect(parseQuery("3M's capex and Chase’s deposits")).toEqual({
      words: ["3m", "capex", "chase", "deposits"],
      phrases: [],
      pairs: [
        ["3m", "capex"],
        ["chase", "deposits"],
      ],
      alternatives: [["capital", "expenditures"]],
    });
    expect(parseQuery('"3M\'s capex"').phrases).toEqual([["3m", "s", "capex"]]);
    // An opening quote before an S starts a word: it is no possessive.
    expect(parseQuery("'S-1' filing").words).toEqual(["s", "1", "filing"]);
  });

  it("pairs topic words that stand next to each other outside quotes, each pair once", () => {
    // Stopwords ("the", "of") and punctuation part words; question phrasing ("round", "decimal") is no
    // topic word; a quoted phrase is searched as it is and parts its neighbours.
    expect(parseQuery('Rising interest rates: the effect of interest rates on "net income", cash flows. Round to two decimal places').pairs).toEqual([
      ["rising", "interest"],
      ["interest", "rates"],
      ["cash", "flows"],
    ]);
    expect(parseQuery('interest "net income" rates').pairs).toEqual([]);
    for (const parted of ["net income / interest rates", "net income — interest rates", "net income & interest rates", "net income… interest rates", "'net income' 'interest rates'", "net income 利率 interest rates"]) {
      expect(parseQuery(parted).pairs, parted).toEqual([
        ["net", "income"],
        ["interest", "rates"],
      ]);
    }
    // Hyphens (any), apostrophes and points within words join; a point before a space ends a
    // sentence (after initials too); a fiscal-year mention pairs with nothing ("fy2018 2018" is in no passage).
    expect(parseQuery("3M's FY2018 non‑GAAP U.S. sales of crème brûlée").pairs).toEqual([
      ["non", "gaap"],
      ["gaap", "u"],
      ["u", "s"],
      ["creme", "brulee"],
    ]);
  });

  describe("common words over a large scope", () => {
    // Passage counts of the built corpus (filing_term_stats), rounded.
    const counts = new Map([["interest", 23_000], ["rates", 24_500], ["cash", 25_000], ["flow", 13_500], ["net", 27_500], ["income", 24_500], ["fiscal", 104_000], ["hedges", 900], ["rising", 1_000]]);
    const passagesOf = (word: string) => counts.get(word) ?? 0;
    const bounds = { commonPassages: 8_000, pairWordPassages: 60_000, pairPassages: 150_000, alternativePassages: 150_000 };
    const expression = (read: ReturnType<typeof commonWordReader>, query: string) => ftsExpression(read(parseQuery(query), passagesOf, true));

    it("are searched as the query's pairs of them next to a rarer word or a phrase, never with a word of every label", () => {
      expect(expression(commonWordReader(bounds), "rising interest rates")).toBe('"interest rates" OR "rising"');
      expect(expression(commonWordReader(bounds), '"operating lease" cash')).toBe('"operating lease"');
      expect(expression(commonWordReader(bounds), "hedges of fiscal income")).toBe('"hedges"');
    });

    it("share one budget across the request's searches, in order, skipping a pair that would go over", () => {
      const read = commonWordReader({ ...bounds, pairPassages: 130_000 });
      expect(expression(read, "hedges: net income, cash flow")).toBe('"net income" OR "cash flow" OR "hedges"');
      // 52,000 + 38,500 spent, 39,500 left: "interest rates" (47,500) no longer fits, "cash flow" (38,500) still does.
      expect(expression(read, "hedges: interest rates, cash flow")).toBe('"cash flow" OR "hedges"');
      expect(expression(read, "rising interest rates")).toBe('"rising"');
    });

    it("of a query with no other word are searched as its pairs whatever the budget, or as words when it has none", () => {
      const read = commonWordReader({ ...bounds, pairPassages: 0 });
      expect(expression(read, "net income")).toBe('"net income"');
      expect(expression(read, "cash, rates")).toBe('"cash" OR "rates"');
      expect(expression(read, "fiscal income")).toBe('"fiscal" OR "income"');
    });
  });

  it("gives a bag-of-words model the phrases and topic words, or the text itself when they hold no topic term", () => {
    expect(queryTopicText('Give a response relying on the details shown: the "fair value" of goodwill in USD millions')).toBe("fair value goodwill");
    // Question words only, or a year and a question word: the words are all the query has.
    expect(queryTopicText("equity")).toBe("equity");
    expect(queryTopicText("2019 equity")).toBe("2019 equity");
  });
});

describe("query hints", () => {
  const companies = [
    { id: 1, names: ["3M"], symbols: ["MMM"] },
    { id: 2, names: ["JPMorgan Chase & Co.", "JPMorgan"], symbols: ["JPM"] },
    { id: 3, names: ["The Coca-Cola Company", "Coca-Cola"], symbols: ["KO"] },
    { id: 4, names: ["McDonald's Corp.", "McDonald's"], symbols: ["MCD"] },
    { id: 5, names: ["General Mills, Inc.", "General Mills"], symbols: ["GIS"] },
    { id: 6, names: ["Johnson & Johnson"], symbols: ["JNJ"] },
    { id: 7, names: ["Costco Wholesale"], symbols: ["COST"] },
  ];
  const named = (query: string) => queryHints(query, companies).names.map((n) => query.slice(n.start, n.end));
  const topic = (query: string) => rerankQuery(withoutNames(query, queryHints(query, companies).names)).stems;

  it("finds the fiscal years and companies a question names, and where it names them", () => {
    expect(queryHints("What is the FY2018 capex of 3M?", companies)).toEqual({
      fiscalYears: [2018],
      companyIds: [1],
      names: [{ companyId: 1, start: 28, end: 30 }],
    });
    expect(queryHints("Did JPMorgan's loan losses rise between FY21 and 2022?", companies)).toMatchObject({ fiscalYears: [2021, 2022], companyIds: [2] });
    expect(named("coca-cola bottling")).toEqual(["coca-cola"]);
    // Initials with points, and names spelled with "&" or "and".
    const people = "J.P. Morgan Chase and Johnson & Johnson";
    expect(named(people)).toEqual(["J.P. Morgan Chase", "J.P. Morgan", "Johnson & Johnson"]);
    expect(withoutNames(people, queryHints(people, companies).names)).toBe("and");
    expect(queryHints("net interest margin", companies)).toEqual({ fiscalYears: [], companyIds: [], names: [] });
  });

  it("finds a ticker typed in capitals, and not the same letters as a word", () => {
    expect(named("MMM buybacks 2018 and KO's dividend")).toEqual(["MMM", "KO"]);
    expect(queryHints("MMM buybacks", companies).companyIds).toEqual([1]);
    expect(named("cost of sales, Cost of Sales, mmm")).toEqual([]);
    expect(named("COST membership fees")).toEqual(["COST"]);
  });

  it("reads a name that ends in a possessive itself, with any apostrophe", () => {
    for (const query of ["McDonald's exit from a market", "McDonald’s exit", "McDonaldʼs exit", "McDonald‘s exit", "mcdonalds exit"]) {
      expect(queryHints(query, companies).companyIds).toEqual([4]);
    }
    // Its name is left out of the query's topic words, however the query spells it.
    expect(topic("McDonald’s franchise fees")).toEqual(["franchis", "fee"]);
  });

  it("leaves out the spans naming a company, not the same words elsewhere", () => {
    expect(queryHints("JPMorgan Chase and Coca-Cola cola deposits", companies).companyIds).toEqual([2, 3]);
    expect(topic("JPMorgan Chase and Coca-Cola cola deposits")).toEqual(["cola", "deposit"]);
    expect(topic("General Mills general and administrative expenses")).toEqual(["gener", "administr", "expens"]);
    expect(topic("3M sales and 3M's margins")).toEqual(["sale", "margin"]);
    // Coverage without the names: only the topic word counts.
    const deposits = rerankQuery(withoutNames("JPMorgan Chase deposits", queryHints("JPMorgan Chase deposits", companies).names));
    expect(queryTermCoverage(deposits, "The Firm's deposits rose.")).toBe(1);
    expect(queryTermCoverage(rerankQuery("JPMorgan Chase deposits"), "The Firm's deposits rose.")).toBeCloseTo(1 / 3);
  });

  it("leaves out the names of the companies in scope: any named without a company filter, the filter's own with one", () => {
    const query = "JPMorgan Chase deposits against 3M's";
    const hints = queryHints(query, companies);
    const left = (filter: number[] | null) => withoutNames(query, namesInScope(hints, filter));
    expect(left(null)).toBe("deposits against");
    // A filter on 3M: JPMorgan's filings are out of scope, so "JPMorgan Chase" stays a topic of the query there.
    expect(left([1])).toBe("JPMorgan Chase deposits against");
    expect(left([3])).toBe(query);
  });

  it("gives what a query asks about the companies it names, or null when it names none or asks nothing else", () => {
    const without = (query: string) => topicWithoutNames(query, queryHints(query, companies).names);
    expect(without("What drove 3M's FY2018 capex?")).toBe("What drove FY2018 capex?");
    expect(without("Did JPMorgan Chase and Coca-Cola raise dividends?")).toBe("Did and raise dividends?");
    expect(without("net interest margin")).toBeNull();
    expect(without("JPMorgan's")).toBeNull();
    expect(without("3M FY2022")).toBeNull();
    expect(without("Tell me about 3M")).toBeNull();
    // Words of scripts the index does not read are kept.
    expect(without("3M 日本 sales")).toBe("日本 sales");
  });

  it("reranks a query of names and at most two topic words on those words, in the scope's names only", () => {
    const stems = (query: string, filter: number[] | null = null) => rerankQueryOf(query, namesInScope(queryHints(query, companies), filter)).stems;
    expect(stems("JPMorgan Chase deposits")).toEqual(["deposit"]);
    expect(stems("Coca-Cola bottling margins")).toEqual(["bottl", "margin"]);
    expect(stems("MMM capex 2018")).toEqual(["capex"]);
    // Three topic words, names only, or nothing asked but stopwords and question words: as typed.
    expect(stems("Coca-Cola bottling gross margins")).toEqual(["coca", "cola", "bottl", "gross", "margin"]);
    expect(stems("3M FY2022")).toEqual(["3m"]);
    expect(stems("What about JPMorgan")).toEqual(["jpmorgan"]);
    // A filter on 3M leaves JPMorgan's name a topic of the query: three words, as typed.
    expect(stems("JPMorgan Chase deposits", [1])).toEqual(["jpmorgan", "chase", "deposit"]);
  });
});

describe("filing types", () => {
  it("normalises spellings", () => {
    expect(["10-K", "10K", "10-k", "10 k"].map(normaliseFilingType)).toEqual(["10-K", "10-K", "10-K", "10-K"]);
    expect(normaliseFilingType("Earnings")).toBe("earnings-release");
    expect(normaliseFilingType("annual report")).toBe("annual-report");
    expect(normaliseFilingType("20-F")).toBe(filingTypeKey("20-F"));
  });
});

describe("highlights", () => {
  it("turns markers into offsets and cuts a snippet around them", () => {
    const marked = `Net ${O}revenue${C} grew; ${O}revenue${C} again`;
    const spans = highlightSpans(marked);
    const text = "Net revenue grew; revenue again";
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["revenue", "revenue"]);
    const long = "x ".repeat(300) + text;
    const snippet = snippetOf(long, highlightSpans("x ".repeat(300) + marked));
    expect(snippet.text).toContain("revenue grew");
    for (const h of snippet.highlights) expect(snippet.text.slice(h.start, h.end)).toBe("revenue");
    expect(long.slice(snippet.start, snippet.start + snippet.text.length)).toBe(snippet.text);
  });

  it("keeps the highlights its window was chosen for when it starts back at a word's beginning", () => {
    // The window (40 before the first highlight, at 150) starts inside a 20-letter word at 100; the
    // second highlight ends 280 after the window's start.
    const words = (from: number, to: number) => " x".repeat((to - from) / 2);
    const text = `${"aaaa ".repeat(20)}${"w".repeat(20)}${words(120, 150)}first${words(155, 380)}lastword12 and more words after it`;
    const spans = ["first", "lastword12"].map((word) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length }));
    expect(spans.map((h) => [h.start, h.end])).toEqual([[150, 155], [379, 389]]);
    const snippet = snippetOf(text, spans);
    expect(snippet.start).toBe(100);
    expect(snippet.highlights.map((h) => snippet.text.slice(h.start, h.end))).toEqual(["first", "lastword12"]);
  });

  it("starts a snippet at a word boundary, also when its window starts inside a highlighted word", () => {
    // Real hits began "… ll balance as of" and "… hare repurchase program": the window chosen (the
    // one holding most highlights) started 40 characters before its first highlight, inside another.
    const text = `${"We test goodwill yearly. ".repeat(4)}goodwill balance as of year end, before the impairment test, was tested for impairment of each unit ${"and nothing else. ".repeat(8)}impairment impairment charges`;
    const goodwill = { start: text.indexOf("goodwill balance"), end: text.indexOf("goodwill balance") + 8 };
    const impairments = [...text.matchAll(/impairment/g)].map((m) => ({ start: m.index, end: m.index + 10 }));
    // goodwill's window (from 40 before it) holds 3 highlights; the first impairment's, starting inside goodwill, 4.
    expect(impairments[0]!.start - 40).toBeGreaterThan(goodwill.start);
    expect(impairments[0]!.start - 40).toBeLessThan(goodwill.end);
    const spans = [goodwill, ...impairments];
    const snippet = snippetOf(text, spans);
    expect(snippet.text.startsWith("goodwill balance")).toBe(true);
    const end = snippet.start + snippet.text.length;
    expect(end === text.length || /\s/.test(text[end]!)).toBe(true);
  });
});

describe("LSA embedder", () => {
  const texts = [
    ...Array.from({ length: 20 }, (_, i) => `loan losses allowance credit card charge-offs bank deposits ${i}`),
    ...Array.from({ length: 20 }, (_, i) => `sugar aluminum commodity prices bottling beverage volumes ${i}`),
    ...Array.from({ length: 20 }, (_, i) => `capital expenditures property plant equipment purchases factories ${i}`),
  ];
  const { model, embeddings } = fitLsa(texts, { dimensions: 4, minPassages: 1, maxShare: 0.9, sampleSize: 40, seed: 3 });
  const lookup = (term: string) => {
    const i = model.terms.indexOf(term);
    return i < 0 ? undefined : { idf: model.idf[i]!, vector: model.termVectors.subarray(i * 4, (i + 1) * 4) };
  };
  const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

  it("embeds texts of one topic close together and to unit length", () => {
    const bank = embedWithLsa("credit card loan losses", lookup, 4);
    const drinks = embedWithLsa("beverage bottling volumes", lookup, 4);
    expect(Math.hypot(...bank)).toBeCloseTo(1, 5);
    expect(dot(bank, embeddings.subarray(0, 4))).toBeGreaterThan(dot(bank, embeddings.subarray(20 * 4, 21 * 4)));
    expect(dot(drinks, embeddings.subarray(25 * 4, 26 * 4))).toBeGreaterThan(dot(drinks, embeddings.subarray(45 * 4, 46 * 4)));
  });

  it("gives an empty vector for text it has no terms for", () => {
    expect([...embedWithLsa("zzz qqq", lookup, 4)]).toEqual([0, 0, 0, 0]);
  });
});

describe("vector index", () => {
  it("returns the nearest passages within the ranges, nearest first", () => {
    const dims = 2;
    const vectors = [[1, 0], [0, 1], [0.8, 0.6], [0.6, 0.8]];
    const fakeRepository = {
      lastPassageId: () => vectors.length,
      *vectors() {
        for (const [i, v] of vectors.entries()) yield { id: i + 1, embedding: Buffer.from(Float32Array.from(v).buffer) };
      },
    };
    const index = VectorIndex.load(fakeRepository as never, dims);
    const query = Float32Array.from([1, 0]);
    expect(index.nearest(query, 2, null).map((n) => n.id)).toEqual([1, 3]);
    expect(index.nearest(query, 2, [{ first: 2, last: 2 }, { first: 4, last: 4 }]).map((n) => n.id)).toEqual([4, 2]);
    expect(index.nearest(query, 10, null)).toHaveLength(4);
  });

  it("scores any one passage as nearest does, and none without a vector", () => {
    const fakeRepository = {
      lastPassageId: () => 3,
      *vectors() {
        yield { id: 1, embedding: Buffer.from(Float32Array.from([0.6, 0.8]).buffer) };
        yield { id: 3, embedding: Buffer.from(Float32Array.from([0, 1]).buffer) };
      },
    };
    const index = VectorIndex.load(fakeRepository as never, 2);
    const query = Float32Array.from([0.8, 0.6]);
    for (const { id, similarity } of index.nearest(query, 2, null)) expect(index.similarity(query, id)).toBeCloseTo(similarity, 6);
    expect(index.similarity(query, 1)).toBeCloseTo(0.96, 6);
    expect(index.similarity(query, 2)).toBeNull();
  });

  it("finds nothing near a zero vector (a query without known terms), rather than the first passages", () => {
    const fakeRepository = {
      lastPassageId: () => 1,
      *vectors() {
        yield { id: 1, embedding: Buffer.from(Float32Array.from([0.6, 0.8]).buffer) };
      },
    };
    expect(VectorIndex.load(fakeRepository as never, 2).nearest(new Float32Array(2), 5, null)).toEqual([]);
  });
});

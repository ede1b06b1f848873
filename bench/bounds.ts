/**
 * `npm run bench:bounds`: in-process cost of the hostile inputs a red team found (issue 11), and of
 * the costliest inputs the request bounds still accept. Prints milliseconds; judges nothing.
 */
import { z } from "zod";
import { ValidationError } from "@/lib/errors";
import { marketDb } from "@/lib/db/market-db";
import { defaultSearchBackend } from "@/lib/filings/search/backend";
import { QUESTION_WORDS, STOPWORDS, stem } from "@/lib/filings/text-terms";
import type { FilingSearchRequest } from "@/lib/filings/search-schema";
import { BasicScreenRequest } from "@/lib/screener/request-schema";
import { runScreen } from "@/lib/screener/service";
import { searchV1 } from "@/test/support/filings/parsed-search";
import { parseRequestBody } from "@/lib/zod-field-errors";

/** Words in 5,500 to 8,000 passages: just under the filing search's common-word cut, so none is skipped. */
const MID_FREQUENCY =
  "pension equivalent committed dividend among standard derivative approved impairment facility established entered assessment february growth evaluation contained offset initial review entity industrial amortization commercial support excluded described advanced substantial dollar several specific manufacturing actual instrument economic similar aggregate committee individual necessary calculated accepted document component procedure settlement obtained method arrangement competition delivered integrated election compliance beginning indicated jurisdiction protection adopted borrowing organization licensed commission permitted shareholder resource involved equipment assumption natural retirement".split(
    " ",
  );

/**
 * The costliest phrases of common words: twelve distinct queries, each a rare word, a fiscal year
 * (a second MATCH within that year's filings, also a large scope) and two common words that recur
 * within passages ("tax" about four times a passage), side by side: five terms each, within the
 * 64-term bound.
 */
const RARE = "pension turbine zebra pump valve gear drill bolt axle rivet crane winch".split(" ");
const commonPairQuery = (i: number) => `${RARE[i]} FY${2015 + (i % 9)} ${i % 2 === 0 ? "tax share" : "share tax"}`;

/** The corpus's most common words (each in 8,000 to 60,000 passages) that are their own stems, most common first. */
function mostCommonWords(count: number): string[] {
  const terms = z
    .array(z.string())
    .parse(marketDb().prepare("SELECT term FROM filing_term_stats WHERE passages BETWEEN 8001 AND 60000 AND term GLOB '[a-z][a-z][a-z]*' ORDER BY passages DESC").pluck().all());
  return terms.filter((t) => !STOPWORDS.has(t) && !QUESTION_WORDS.has(t) && stem(t) === t).slice(0, count);
}

/** Query `i` of `count`: mid-frequency words from a rotating start, up to `chars` characters. */
function hostileQuery(i: number, chars: number, words: number = MID_FREQUENCY.length): string {
  let text = "";
  for (let k = 0; k < words; k++) {
    const word = MID_FREQUENCY[(i * 7 + k) % MID_FREQUENCY.length]!;
    if (text.length + word.length + 1 > chars) break;
    text += (text ? " " : "") + word;
  }
  return text;
}

async function time(label: string, run: () => unknown | Promise<unknown>, runs = 3) {
  const times: number[] = [];
  let outcome = "200";
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    try {
      await run();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      outcome = `400 ${error.errors.map((e) => `${e.pointer}: ${e.message}`).join("; ")}`.slice(0, 140);
    }
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  console.log(`${label}\n  median ${sorted[Math.floor(runs / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${runs} runs): ${outcome}`);
}

// Each request is parsed as its route parses it: a refused one is the 400 the route answers.
const search = (request: FilingSearchRequest) => () => searchV1(request);
const screen = (fts: string, min?: number) => () =>
  runScreen(parseRequestBody(BasicScreenRequest, { filters: { ...(min === undefined ? {} : { marketCap_usd: { min } }), description_keywords: { fts } }, result_format: "tickers" }));

defaultSearchBackend();
await searchV1({ queries: ["warm up"], searchtype: "keyword" });

console.log("Filing search, keyword, results 25");
await time("red team: 12 queries of ~290 characters of mid-frequency words", search({ queries: Array.from({ length: 12 }, (_, i) => hostileQuery(i, 290)), searchtype: "keyword", results: 25 }));
const [perQuery, total] = process.argv.slice(2);
if (perQuery && total) {
  // The costliest request within the bounds: `total` mid-frequency terms, at most `perQuery` per query.
  const queries = Array.from({ length: Math.ceil(Number(total) / Number(perQuery)) }, (_, i) => hostileQuery(i, 300, Number(perQuery)));
  await time(`within the bounds: ${queries.length} queries of ${perQuery} mid-frequency words`, search({ queries, searchtype: "keyword", results: 25 }));
}
await time("12 queries: a rare word, a fiscal year and two common words side by side (their phrase; one budget per request)", search({ queries: Array.from({ length: 12 }, (_, i) => commonPairQuery(i)), searchtype: "keyword", results: 25 }));
const common = mostCommonWords(64);
await time("2 queries of 32 of the most common words (no other word: searched as their pairs)", search({ queries: [common.slice(0, 32).join(" "), common.slice(32).join(" ")], searchtype: "keyword", results: 25 }));
await time("one query of ~290 characters of mid-frequency words", search({ queries: [hostileQuery(0, 290)], searchtype: "keyword", results: 25 }));

console.log("\nScreener, basic, tickers");
await time('"a* b* c* d* e*", marketCap_usd min 1e11', screen("a* b* c* d* e*", 1e11), 1);
await time('"abc* bcd* cde* def*", marketCap_usd min 1e11', screen("abc* bcd* cde* def*", 1e11));
await time('"abc* bcd* cde* def*", no other filter', screen("abc* bcd* cde* def*"));
await time('"com* ser* pro* inc*", marketCap_usd min 1e9', screen("com* ser* pro* inc*", 1e9));
await time('"com* ser* pro* inc*", no other filter', screen("com* ser* pro* inc*"));

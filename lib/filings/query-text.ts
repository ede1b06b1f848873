import { shorthandAlternatives } from "./finance-shorthand";
import { QUESTION_WORDS, STOPWORDS, expandFiscalYears, foldAccents, replaceFiscalYears, stem, textWords, topicTerms, withoutPossessives } from "./text-terms";

/**
 * A user's query as FTS5 sees it. User text never reaches FTS5 as syntax: it is cut into words
 * (letters and digits only, so `"`, `*`, `NEAR(`, `col:`, `-`, `AND`/`OR` are plain text), each
 * word is quoted, and a phrase the user quoted stays one quoted phrase.
 */
export interface QueryTerms {
  /** Single words (stopwords dropped unless nothing else is left). */
  words: string[];
  /** Phrases the user put in double quotes, as word lists. */
  phrases: string[][];
  /** Topic words next to each other outside quotes, in query order, each pair once ("interest rates"). */
  pairs: [string, string][];
  /** The filing wording of the query's shorthand words ("capex": capital expenditures), as word lists (finance-shorthand.ts). */
  alternatives: string[][];
}

/** A phrase the user put in double quotes (its words in group 1). */
const QUOTED_PHRASE = /"([^"]*)"/g;

export function parseQuery(text: string): QueryTerms {
  const phrases: string[][] = [];
  // A phrase is read as typed ("FY2018 revenue" is those words side by side); fiscal years outside
  // quotes are spelled as filings write them.
  const rest = expandFiscalYears(
    text.replace(QUOTED_PHRASE, (_, inner: string) => {
      const words = textWords(inner);
      if (words.length > 1) phrases.push(words);
      else if (words.length === 1) return ` ${words[0]} `;
      return " ";
    }),
  );
  // A possessive's "s" outside a phrase is no word ("3M's capex"); inside one it stays, as the text has it.
  const plain = withoutPossessives(rest);
  const all = textWords(plain);
  const topical = all.filter(isTopicWord);
  const words = [...new Set(topical.length > 0 || phrases.length > 0 ? topical : all)];
  // Pairs never span a quoted phrase or a fiscal-year mention (its expansion "fy2018 2018" is in no
  // passage: texts say "fiscal 2018", labels "2018 FY2018").
  const parted = withoutPossessives(replaceFiscalYears(text, " , ").replace(QUOTED_PHRASE, " , "));
  return { words, phrases, pairs: adjacentTopicWords(parted), alternatives: shorthandAlternatives(words) };
}

/** Not a stopword or question phrasing ("what", "tell", "round"). */
export const isTopicWord = (word: string) => !STOPWORDS.has(word) && !QUESTION_WORDS.has(word);

/** A word that can say what a query is about: two letters or more, not a number or a fiscal-year token ("fy2018"). */
export const isContentWord = (word: string) => word.length > 1 && !/^(fy)?\d+$/.test(word);

/**
 * Where a clause ends: any character but letters, digits, white space, hyphens, apostrophes within
 * a word and points within a number or initials ("3.5", "U.S"); a point before a space or the end.
 */
const CLAUSE_BREAK = /[^a-z0-9\s'’‘ʼ`.\-\u2010\u2011]|\.(?=\s|$)|(?<![a-z0-9])['’‘ʼ`]|['’‘ʼ`](?![a-z0-9])/i;

/**
 * Pairs of topic words next to each other in the text, each once: "net income, interest rates",
 * "net income / interest rates" and "'net income' 'interest rates'" make no pair "income interest".
 */
function adjacentTopicWords(text: string): [string, string][] {
  const pairs = new Map<string, [string, string]>();
  for (const clause of foldAccents(text).split(CLAUSE_BREAK)) {
    const words = textWords(clause);
    words.forEach((word, i) => {
      const before = words[i - 1];
      if (before !== undefined && before !== word && isTopicWord(before) && isTopicWord(word)) pairs.set(`${before} ${word}`, [before, word]);
    });
  }
  return [...pairs.values()];
}

/**
 * A query as a bag-of-words model should see it: the phrases, words and shorthand alternatives the
 * keyword leg searches (an analyst's phrasing such as "give a response relying on the details shown" dropped), or the
 * text itself when that leaves no topic term (a query of question words only, or a year and one).
 */
export function queryTopicText(text: string): string {
  const { words, phrases, alternatives } = parseQuery(text);
  const topic = [...phrases.flat(), ...words, ...alternatives.flat()].join(" ");
  return topicTerms(topic).length > 0 ? topic : text;
}

/** Quoted FTS5 string: only letters and digits reach it, so no quote needs escaping. */
const quote = (words: string[]) => `"${words.join(" ")}"`;

/** Which words are common, which of them pair, and how much reading their pairs and the shorthand alternatives may cost a request. */
export interface CommonWordBounds {
  /** Words in more passages than this are common. */
  commonPassages: number;
  /** Words in more passages than this pair with nothing: the words of every filing's label ("fiscal", "annual", "report"). */
  pairWordPassages: number;
  /** A request's pairs' words together may be in at most this many passages (a phrase reads every posting of its words). */
  pairPassages: number;
  /**
   * A request's shorthand alternatives ("capital expenditures" for "capex") may hold words in at
   * most this many passages together, each MATCH that reads one charged again, in any scope.
   */
  alternativePassages: number;
}

/**
 * How one request searches common words (over many passages every posting is read and scored):
 * each query as the words that are not common and, instead of the common ones, its adjacent pairs
 * of common words as phrases. "rising interest rates" searched "rising" alone and found "give rise
 * to" in credit agreements; the phrase "interest rates" matches far fewer passages than either word
 * and says what the query means. Pairs next to a rarer word or a quoted phrase are taken in the
 * order the request is searched (each query's own MATCH, then the MATCHes within the filings the
 * queries name), skipping a pair whose words' passages would take the request's total over
 * `pairPassages`. A query of common words only ("net income") is searched as its pairs whatever
 * the budget (its words alone would read the same postings and score more passages), and as its
 * words when it has no pair. Within a small scope (`large` false) every word is kept and pairs are
 * free. Shorthand alternatives are taken in the same order from their own budget,
 * `alternativePassages`, whatever the scope, so they never crowd out a pair. `passagesOf` gives a
 * word's passage count over the whole corpus.
 */
export function commonWordReader(bounds: CommonWordBounds): (terms: QueryTerms, passagesOf: (word: string) => number, large: boolean) => QueryTerms {
  const left = { pairs: bounds.pairPassages, alternatives: bounds.alternativePassages };
  return (terms, passagesOf, large) => {
    /** Whether a phrase fits its budget (or must be read whatever it costs), taking its cost if so. */
    const take = (budget: keyof typeof left, phrase: readonly string[], always: boolean) => {
      // A word counts at least one passage (rare words have no count: the index keeps counts of common ones).
      const cost = phrase.reduce((n, word) => n + Math.max(1, passagesOf(word)), 0);
      if (!always && cost > left[budget]) return false;
      left[budget] = Math.max(0, left[budget] - cost);
      return true;
    };
    const alternatives = terms.alternatives.filter((alternative) => take("alternatives", alternative, false));
    if (!large) return { ...terms, alternatives };
    const isCommon = (word: string) => passagesOf(word) > bounds.commonPassages;
    const rare = terms.words.filter((word) => !isCommon(word));
    const pairable = terms.pairs.filter((pair) => pair.every((word) => isCommon(word) && passagesOf(word) <= bounds.pairWordPassages));
    const commonOnly = rare.length === 0 && terms.phrases.length === 0;
    const pairs = pairable.filter((pair) => take("pairs", pair, commonOnly));
    if (commonOnly && pairs.length === 0) return { ...terms, alternatives };
    return { words: rare, phrases: [...terms.phrases, ...pairs], pairs: [], alternatives };
  };
}

/** The FTS5 expression: any of the terms (BM25 ranks passages holding more and rarer terms first). */
export function ftsExpression(terms: QueryTerms): string | null {
  const parts = [...terms.phrases.map(quote), ...terms.words.map((w) => quote([w])), ...terms.alternatives.map(quote)];
  return parts.length > 0 ? parts.join(" OR ") : null;
}

/**
 * The FTS5 expression of passages holding every phrase the user put in double quotes (in any
 * column, as the keyword search matches); null for a query without one. A quoted phrase is required.
 */
export function requiredExpression(terms: QueryTerms): string | null {
  return terms.phrases.length > 0 ? terms.phrases.map(quote).join(" AND ") : null;
}

/**
 * The FTS5 expression of passages whose text holds any of these words or phrases (the search's
 * `exclude`, read once a request); null for none. Only the passage's own text column, not its
 * headings or the filing's label.
 */
export function exclusionExpression(lists: readonly string[][]): string | null {
  return lists.length > 0 ? `text : (${lists.map(quote).join(" OR ")})` : null;
}

/** The index term (Porter stem, as FTS5's tokenizer makes it) of a query word. */
export const indexTerm = (word: string) => stem(word);

/** Terms a query makes FTS5 read: its words and every word of its phrases. */
export const searchableTermCount = (terms: QueryTerms) => terms.words.length + terms.phrases.reduce((n, p) => n + p.length, 0);

/** What makes two queries the same search: case and runs of white space aside. */
export const queryKey = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** The request's distinct queries (by `queryKey`), each with the indexes of the queries it stands for. */
export function distinctQueries(texts: readonly string[]): { text: string; indexes: number[] }[] {
  const byKey = new Map<string, { text: string; indexes: number[] }>();
  texts.forEach((text, index) => {
    const key = queryKey(text);
    const seen = byKey.get(key);
    if (seen) seen.indexes.push(index);
    else byKey.set(key, { text, indexes: [index] });
  });
  return [...byKey.values()];
}

import { QUESTION_WORDS, STOPWORDS, expandFiscalYears, stem, textWords, topicTerms, withoutPossessives } from "./text-terms";

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
}

export function parseQuery(text: string): QueryTerms {
  const phrases: string[][] = [];
  const rest = expandFiscalYears(text).replace(/"([^"]*)"/g, (_, inner: string) => {
    const words = textWords(inner);
    if (words.length > 1) phrases.push(words);
    else if (words.length === 1) return ` ${words[0]} `;
    return " ";
  });
  // A possessive's "s" outside a phrase is no word ("3M's capex"); inside one it stays, as the text has it.
  const all = textWords(withoutPossessives(rest));
  const topical = all.filter((w) => !STOPWORDS.has(w) && !QUESTION_WORDS.has(w));
  const words = [...new Set(topical.length > 0 || phrases.length > 0 ? topical : all)];
  return { words, phrases };
}

/**
 * A query as a bag-of-words model should see it: the phrases and words the keyword leg searches
 * (an analyst's phrasing such as "give a response relying on the details shown" dropped), or the
 * text itself when that leaves no topic term (a query of question words only, or a year and one).
 */
export function queryTopicText(text: string): string {
  const { words, phrases } = parseQuery(text);
  const topic = [...phrases.flat(), ...words].join(" ");
  return topicTerms(topic).length > 0 ? topic : text;
}

/** Quoted FTS5 string: only letters and digits reach it, so no quote needs escaping. */
const quote = (words: string[]) => `"${words.join(" ")}"`;

/**
 * The FTS5 expression: any of the terms (BM25 ranks passages holding more and rarer terms first).
 * `keep` lists the words to use (the search drops words so common they only cost time).
 */
export function ftsExpression(terms: QueryTerms, keep: readonly string[] = terms.words): string | null {
  const parts = [...terms.phrases.map(quote), ...keep.map((w) => quote([w]))];
  return parts.length > 0 ? parts.join(" OR ") : null;
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

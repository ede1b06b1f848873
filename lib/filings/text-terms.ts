/**
 * Words of filing text and of queries, shared by the keyword query builder, the default embedder
 * and the ingest. Pure: safe to import anywhere.
 */

/** English function words and question boilerplate that carry no topic ("what is the ..."). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how " +
    "i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own " +
    "same she should so some such than that the their theirs them themselves then there these they this those through to too under until up " +
    "very was we were what when where which while who whom why will with would you your yours yourself yourselves " +
    "us per via upon within without whether may might must shall etc ie eg"
  ).split(" "),
);

/** Lower-case words and numbers of a text, accents folded (`Coca-Cola` gives `coca`, `cola`). */
export function textWords(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  );
}

/**
 * A light suffix stemmer (plural and a few inflections), enough for the embedder to treat
 * "impairments"/"impairment" and "acquired"/"acquire" alike; the keyword index uses FTS5's Porter.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return word.slice(0, -3) + "y";
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return word;
  if (word.endsWith("s")) word = word.slice(0, -1);
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith("ly")) return word.slice(0, -2);
  return word;
}

/** Topic terms of a text for the embedder: stemmed words without stopwords, single letters or bare numbers. */
export function topicTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of textWords(text)) {
    if (word.length < 2 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    out.push(stem(word));
  }
  return out;
}

import { stemmer } from "stemmer";

/**
 * Words of filing text and of queries, shared by the keyword query builder, the default embedder
 * and the ingest. Stems are Porter's, as FTS5's `porter` tokenizer makes them. Pure: safe to import anywhere.
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

const stems = new Map<string, string>();

/** Porter stem of a lower-case word (memoised: a corpus has far fewer distinct words than words). */
export function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = /\d/.test(word) ? word : stemmer(word);
    if (stems.size < 500_000) stems.set(word, stemmed);
  }
  return stemmed;
}

/** Topic terms of a text for the embedder: Porter stems without stopwords, single letters or bare numbers. */
export function topicTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of textWords(text)) {
    if (word.length < 2 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    out.push(stem(word));
  }
  return out;
}

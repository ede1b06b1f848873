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

/**
 * Words that phrase a question or an instruction rather than its topic ("Give a response ... in
 * USD millions, round to two decimal places"): dropped from queries like stopwords.
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    "answer answers question questions response respond give giving relying rely detail details shown show stated state states explain " +
    "please assume assuming round rounded decimal decimals places place unit units usd dollars millions million billions billion thousands " +
    "calculate calculated calculation compute computed formula defined definition useful primarily perspective address adopting adopt " +
    "drawing draw conclusions conclusion outlined clearly according lost internet connection access provider providers equity research " +
    "investment banker resource resources only using use based information reasonably kindly tell find whatever answering also " +
    "many much value amount figure number"
  ).split(" "),
);

const FISCAL_YEAR_MENTION = /\bFY\s?'?(\d{4}|\d{2})\b/gi;

/** The text with each fiscal-year mention ("FY2018", "FY 22") replaced by `by`. */
export const replaceFiscalYears = (text: string, by: string) => text.replace(FISCAL_YEAR_MENTION, by);

/**
 * Fiscal-year mentions spelled as filings and their labels spell them: "FY22", "FY 2023", "fiscal
 * year 2021" become "fy2022 2022".
 */
export function expandFiscalYears(text: string): string {
  return text.replace(FISCAL_YEAR_MENTION, (_, year: string) => {
    const full = year.length === 2 ? `20${year}` : year;
    return ` fy${full} ${full} `;
  });
}

/**
 * The text without possessive endings ("3M's", "McDonald’s": any apostrophe after a letter or
 * digit), which the index splits off as a word "s" that says nothing about the topic.
 */
export const withoutPossessives = (text: string) => text.replace(/(?<=[\p{L}\p{N}])['’‘ʼ`]s\b/giu, "");

/** Word lists (phrases) without repeats, first occurrence kept: ["repurchase"] twice is one. */
export function distinctWordLists(lists: Iterable<readonly string[]>): string[][] {
  const byKey = new Map<string, string[]>();
  for (const list of lists) if (!byKey.has(list.join(" "))) byKey.set(list.join(" "), [...list]);
  return [...byKey.values()];
}

/** Lower-case words and numbers of a text, accents folded (`Coca-Cola` gives `coca`, `cola`). */
export function textWords(text: string): string[] {
  return foldAccents(text).toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** The text with accents taken off letters ("é" to "e"); other characters stay. */
export function foldAccents(text: string): string {
  // Folding is only needed (and only paid for) when the text has non-ASCII characters.
  return /[^\x00-\x7f]/.test(text) ? text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : text;
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

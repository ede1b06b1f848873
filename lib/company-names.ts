/**
 * Company-name normalisation shared by the ingest (joining lists that spell names differently)
 * and the filing search name filter ("JPMorgan" finds "JPMorgan Chase & Co.").
 */

// Legal forms, share-class words and filler that differ between lists naming one company.
const NOISE_WORDS = new Set([
  "the", "inc", "incorporated", "corp", "corporation", "co", "cos", "company", "companies", "ltd", "limited",
  "plc", "llc", "lp", "sa", "ag", "nv", "se", "spa", "ab", "asa", "oyj", "as", "bv", "kk", "tbk", "pt", "aktiengesellschaft",
  "gmbh", "sab", "cv",
  "group", "holding", "holdings", "common", "stock", "shares", "ordinary", "and",
]);

// "Class A", "(Series C)", "Cl. B": share-class designations, not part of the company's name.
const SHARE_CLASS = /\(?\b(?:class|series|cl)\.?\s+[a-z]\b\)?/gi;

/** Lower-case ASCII words of a name, accents folded, `&` kept as `and`. */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** Significant words: dotted initials joined ("A. O. Smith" gives "ao", "smith"), noise dropped. */
export function significantWords(name: string): string[] {
  const words = nameWords(name.replace(SHARE_CLASS, " ").replace(/\(the\)/gi, " "));
  const out: string[] = [];
  let initials = "";
  const flush = () => {
    if (initials && !NOISE_WORDS.has(initials)) out.push(initials);
    initials = "";
  };
  for (const word of words) {
    if (word.length === 1 && /[a-z]/.test(word)) {
      initials += word;
      continue;
    }
    flush();
    if (!NOISE_WORDS.has(word)) out.push(word);
  }
  flush();
  return out;
}

/** A key under which differently spelled names of one company meet ("A.O. Smith Corp" → "aosmith"). */
export function companyNameKey(name: string): string {
  return significantWords(name).join("");
}

/** The same words in any order ("Lilly (Eli)" and "Eli Lilly and Company" give "eli lilly"). */
export function companyWordSetKey(name: string): string {
  return [...new Set(significantWords(name))].sort().join(" ");
}

/** Strict: the two names are spellings of one name (equal keys or the same words in another order). */
export function sameCompanyName(a: string, b: string): boolean {
  const ka = companyNameKey(a);
  return ka !== "" && (ka === companyNameKey(b) || companyWordSetKey(a) === companyWordSetKey(b));
}

/**
 * Lenient: one name is a short form of the other ("JPMorgan" of "JPMorgan Chase & Co.", "Coca-Cola"
 * of "The Coca-Cola Company"). For joins that something else confirms (a shared symbol), and for
 * user-typed name filters.
 */
export function namesMatch(a: string, b: string): boolean {
  if (sameCompanyName(a, b)) return true;
  const ka = companyNameKey(a);
  const kb = companyNameKey(b);
  if (ka === "" || kb === "") return false;
  const [short, long] = ka.length <= kb.length ? [a, b] : [b, a];
  const [shortKey, longKey] = ka.length <= kb.length ? [ka, kb] : [kb, ka];
  if (shortKey.length >= 4 && longKey.startsWith(shortKey)) return true;
  const longWords = new Set(significantWords(long));
  const shortWords = significantWords(short);
  return shortKey.length >= 4 && shortWords.every((word) => longWords.has(word));
}

/**
 * User search text of the screener's text filter. It is never interpreted as FTS5 syntax: every
 * term is quoted, so `NEAR(`, `col:`, `-`, `AND`/`OR` are plain words. Supported on purpose:
 * "quoted phrases" and trailing `*` for prefix terms. All terms must match.
 */

/** A word or a quoted phrase; `prefix` when its last word ends in `*`. */
export interface FtsTerm {
  words: string[];
  prefix: boolean;
}

export function ftsTerms(text: string): FtsTerm[] {
  const terms: FtsTerm[] = [];
  for (const match of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    if (match[1] !== undefined) {
      const words = wordsOf(match[1]);
      if (words.length > 0) terms.push({ words, prefix: false });
      continue;
    }
    const raw = match[2]!;
    const words = wordsOf(raw);
    words.forEach((word, i) => terms.push({ words: [word], prefix: raw.endsWith("*") && i === words.length - 1 }));
  }
  return terms;
}

/** The FTS5 query of the terms (null when there is none). */
export function toFtsQuery(terms: readonly FtsTerm[]): string | null {
  return terms.length > 0 ? terms.map((t) => `"${t.words.join(" ")}"${t.prefix ? "*" : ""}`).join(" ") : null;
}

/** Letters and digits runs, as the unicode61 tokenizer splits them. */
function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

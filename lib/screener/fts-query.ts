/**
 * Turns user search text into an FTS5 query that is never interpreted as FTS5 syntax: every term
 * is quoted, so `NEAR(`, `col:`, `-`, `AND`/`OR` are plain words. Supported on purpose:
 * "quoted phrases" and trailing `*` for prefix terms. All terms must match.
 */
export function toFtsQuery(text: string): string | null {
  const parts: string[] = [];
  const pattern = /"([^"]*)"|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) {
      const words = wordsOf(match[1]);
      if (words.length > 0) parts.push(`"${words.join(" ")}"`);
      continue;
    }
    const raw = match[2]!;
    const prefix = raw.endsWith("*");
    const words = wordsOf(raw);
    words.forEach((word, i) => parts.push(prefix && i === words.length - 1 ? `"${word}"*` : `"${word}"`));
  }
  return parts.length > 0 ? parts.join(" ") : null;
}

/** Letters and digits runs, as the unicode61 tokenizer splits them. */
function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

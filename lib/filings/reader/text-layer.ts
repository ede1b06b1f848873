/**
 * Whether a page's text layer can be read at all: almost none of its characters form words or
 * numbers. Some PDFs map their glyphs to private codes: the page prints fine, but its text reads
 * "0123435ÿ7789ÿ / ? @AB4CAÿ6BDECFC4AG" (McDonald's 2022 Q4 earnings release, the corpus's only
 * case). Such a page is not indexed (its passages would match nothing, or match by accident) and
 * the reader says so instead of showing the codes. Pure.
 */

/**
 * A token that reads as text: a word (letters, with inner hyphens, apostrophes, dots, "&" or "/"),
 * a number or amount, or a run of symbols (dot leaders, dashes, bullets), wrapped in quotes,
 * brackets or trailing punctuation.
 */
const READABLE_TOKEN = /^[(["“‘'$]*(?:[A-Za-z]+(?:[-'’.&/][A-Za-z]+)*\.?|\$?\d[\d.,]*%?|[-–—•$%()&*§.]+)[)\]"”’',.;:%*]*$/;

/**
 * Below this share of readable characters a page's text layer is unreadable. Over the corpus's
 * pages long enough to judge (about 49,000), the nine pages of the McDonald's release read
 * 0.004-0.011; the next lowest, a release page of contacts, e-mail addresses and a file path, 0.45.
 */
export const READABLE_SHARE_MIN = 0.1;
/** Pages with fewer non-space characters (a cover, a blank page) are too short to judge. */
const JUDGED_CHARACTERS = 200;

/** The share of the text's non-space characters in tokens that read as text (1 for a text too short to judge). */
export function readableShare(text: string): number {
  let all = 0;
  let readable = 0;
  // Dot leaders glue a contents entry to its page number ("INTRODUCTION.......1"): they split tokens too.
  for (const token of text.split(/\s+|\.{2,}/)) {
    all += token.length;
    if (READABLE_TOKEN.test(token)) readable += token.length;
  }
  return all < JUDGED_CHARACTERS ? 1 : readable / all;
}

export const hasUnreadableTextLayer = (pageText: string) => readableShare(pageText) < READABLE_SHARE_MIN;

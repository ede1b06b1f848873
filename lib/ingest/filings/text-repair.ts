/**
 * Repairs two defects of PDF text extraction, only in documents that show them:
 * - ligature loss: "ﬁ", "ﬂ", "ﬀ", "ﬃ" dropped ("rst quarter", "scal 2023", "e ective", "O cer");
 * - words split by spacing ("STA TEMENTS", "Fis cal", "C harter").
 * Words are checked against a vocabulary counted on clean text (the HTML filings, which have no
 * extraction defects), so a defect that repeats across PDFs never looks like a word.
 */

import { STOPWORDS } from "@/lib/filings/text-terms";

const LIGATURES = ["fi", "ff", "fl", "ffi", "ffl"] as const;
/** A word must occur this often in the clean text to count as real. */
const REAL_WORD_COUNT = 2;
/** A repair target must be common, so that only well-attested words are produced. */
const TARGET_WORD_COUNT = 10;
/** A document is repaired when its opening shows defects at this rate (per token) ... */
const DEFECT_RATE = 0.003;
/** ... and at least this many of them. */
const MIN_DEFECTS = 5;
/** Characters of a document's opening inspected to decide whether it is damaged. */
const SAMPLE_CHARS = 60_000;

export type Vocabulary = Map<string, number>;

/** How often each lower-case letter word occurs in the given (clean) texts. */
export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const vocabulary: Vocabulary = new Map();
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
  }
  return vocabulary;
}

interface Token {
  word: string;
  start: number;
  end: number;
}

interface Replacement {
  start: number;
  end: number;
  text: string;
}

export interface RepairedPages {
  pages: string[];
  ligatures: number;
  splitWords: number;
}

/** Upper-cases an inserted ligature when the word around it is upper case ("O CE" → "OFFICE"). */
const ligatureIn = (context: string, ligature: string) => (context === context.toUpperCase() && /[A-Z]/.test(context) ? ligature.toUpperCase() : ligature);

export class TextRepairer {
  constructor(private readonly vocabulary: Vocabulary) {}

  private documentsWith(word: string): number {
    return this.vocabulary.get(word.toLowerCase()) ?? 0;
  }

  private isReal(word: string): boolean {
    return word.length > 1 && (this.documentsWith(word) >= REAL_WORD_COUNT || STOPWORDS.has(word.toLowerCase()));
  }

  private isTarget(word: string): boolean {
    return this.documentsWith(word) >= TARGET_WORD_COUNT;
  }

  /** The ligature that turns `head + ligature + tail` into a common word, if one does. */
  private ligatureFor(head: string, tail: string): string | null {
    let best: string | null = null;
    let bestDocuments = 0;
    for (const ligature of LIGATURES) {
      const documents = this.documentsWith(head + ligature + tail);
      if (documents >= TARGET_WORD_COUNT && documents > bestDocuments) {
        best = ligature;
        bestDocuments = documents;
      }
    }
    return best;
  }

  private ligatureRepairs(text: string, tokens: Token[]): Replacement[] {
    const out: Replacement[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const a = tokens[i]!;
      const b = tokens[i + 1];
      if (b && text.slice(a.end, b.start) === " " && wordEnds(text, a.start, b.end) && (!this.isReal(a.word) || !this.isReal(b.word))) {
        const ligature = this.ligatureFor(a.word.toLowerCase(), b.word.toLowerCase());
        if (ligature) {
          out.push({ start: a.start, end: b.end, text: a.word + ligatureIn(a.word + b.word, ligature) + b.word });
          i++;
          continue;
        }
      }
      if (a.word.length > 1 && !this.isReal(a.word)) {
        const ligature = this.ligatureFor("", a.word.toLowerCase());
        if (ligature) out.push({ start: a.start, end: a.end, text: ligatureIn(a.word, ligature) + a.word });
      }
    }
    return out;
  }

  private splitRepairs(text: string, tokens: Token[]): Replacement[] {
    const out: Replacement[] = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const a = tokens[i]!;
      const b = tokens[i + 1]!;
      if (text.slice(a.end, b.start) !== " " || !wordEnds(text, a.start, b.end)) continue;
      const headBroken = a.word.length > 1 && !this.isReal(a.word);
      if ((headBroken || !this.isReal(b.word)) && this.isTarget(a.word + b.word)) {
        out.push({ start: a.start, end: b.end, text: a.word + b.word });
        i++;
      }
    }
    return out;
  }

  /**
   * Repairs the words of a heading split by letter spacing ("Busines s", "Informatio n"), whether
   * or not its document is damaged: headings are spaced out where body text is not.
   */
  repairHeading(heading: string): string {
    return applyReplacements(heading, this.splitRepairs(heading, tokenize(heading)));
  }

  /**
   * Repairs one document. Whether it is damaged is decided on its opening (a font defect runs
   * through the whole PDF); then every page is repaired.
   */
  repair(pages: string[]): RepairedPages {
    let sample = "";
    for (const page of pages) {
      if (sample.length >= SAMPLE_CHARS) break;
      sample += page + "\n";
    }
    const sampleTokens = tokenize(sample);
    const damaged = (fixes: number) => fixes >= MIN_DEFECTS && fixes >= DEFECT_RATE * sampleTokens.length;
    let out = pages;
    let ligatures = 0;
    let splitWords = 0;
    if (damaged(this.ligatureRepairs(sample, sampleTokens).length)) {
      out = out.map((page) => {
        const fixes = this.ligatureRepairs(page, tokenize(page));
        ligatures += fixes.length;
        return applyReplacements(page, fixes);
      });
    }
    const repairedSample = ligatures > 0 ? out.join("\n").slice(0, SAMPLE_CHARS) : sample;
    if (damaged(this.splitRepairs(repairedSample, tokenize(repairedSample)).length)) {
      out = out.map((page) => {
        const fixes = this.splitRepairs(page, tokenize(page));
        splitWords += fixes.length;
        return applyReplacements(page, fixes);
      });
    }
    return { pages: out, ligatures, splitWords };
  }
}

/** The span stands alone: not part of "Form S-3", "10-K" or "O'Neil". */
const wordEnds = (text: string, start: number, end: number) => !/[-'’\w]/.test(text[start - 1] ?? " ") && !/[-'’\w]/.test(text[end] ?? " ");

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[A-Za-z]+/g)) {
    tokens.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

function applyReplacements(text: string, replacements: Replacement[]): string {
  if (replacements.length === 0) return text;
  let out = "";
  let at = 0;
  for (const r of replacements) {
    out += text.slice(at, r.start) + r.text;
    at = r.end;
  }
  return out + text.slice(at);
}

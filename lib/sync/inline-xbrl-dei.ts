import { Parser } from "htmlparser2";

/**
 * What an inline XBRL filing says of itself: its cover page's `dei:` facts (`ix:nonNumeric`
 * elements, most in the hidden `ix:header`), read without the rest of the document. The filing's
 * own form, fiscal year and period label it in the index, rather than what its text suggests.
 */

export interface DocumentFacts {
  /** `dei:DocumentType`: 10-K, 10-Q, 8-K, 20-F... */
  documentType: string | null;
  /** `dei:DocumentFiscalYearFocus`. */
  fiscalYear: number | null;
  /** `dei:DocumentFiscalPeriodFocus`: FY, Q1, Q2, Q3 (H1, H2, Q4 read as given). */
  fiscalPeriod: string | null;
  /** `dei:DocumentPeriodEndDate`, as an ISO date. */
  periodEnd: string | null;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "September 28, 2024" (ixt:date-monthname-day-year-en) or "2024-09-28" as an ISO date; null otherwise. */
export function factDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return text;
  const named = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text);
  const month = named ? MONTHS.findIndex((m) => m.startsWith(named[1]!.toLowerCase()) && named[1]!.length >= 3) : -1;
  if (!named || month < 0) return null;
  return `${named[3]}-${String(month + 1).padStart(2, "0")}-${named[2]!.padStart(2, "0")}`;
}

/** The `dei:` facts of an inline XBRL document (the first value of each name); nulls for plain HTML. */
export function documentFacts(html: string): DocumentFacts {
  const facts = new Map<string, string>();
  // Open ix:nonNumeric elements: the dei name of each (null for other names), innermost last.
  const open: (string | null)[] = [];
  const text: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "ix:nonnumeric") return;
        const fact = attributes.name?.startsWith("dei:") ? attributes.name.slice(4) : null;
        open.push(fact);
        if (fact !== null) text.length = 0;
      },
      ontext(chunk) {
        if (open.some((fact) => fact !== null)) text.push(chunk);
      },
      onclosetag(name) {
        if (name !== "ix:nonnumeric") return;
        const fact = open.pop();
        if (fact && !facts.has(fact)) facts.set(fact, text.join("").replace(/\s+/g, " ").trim());
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  );
  parser.end(html);
  const year = Number(facts.get("DocumentFiscalYearFocus"));
  return {
    documentType: facts.get("DocumentType") || null,
    fiscalYear: Number.isInteger(year) && year > 1990 && year < 2100 ? year : null,
    fiscalPeriod: facts.get("DocumentFiscalPeriodFocus")?.toUpperCase() || null,
    periodEnd: factDate(facts.get("DocumentPeriodEndDate") ?? ""),
  };
}

/**
 * The words a company's filings are found by besides their text (the keyword index's label column
 * and the LSA input): its name at the data's date, today's name where it differs (a 2024 10-K of
 * Facebook says "Meta Platforms") and its symbols.
 */
export function companySearchLabel(company: { name: string; currentName: string | null; symbols: readonly string[] }): string {
  return [company.name, company.currentName, ...company.symbols].filter((part): part is string => Boolean(part)).join(" ");
}

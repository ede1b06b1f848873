/**
 * Exports page through the whole result (the API gives at most `max_limit` rows per request), so
 * a download holds every matching company, not just the rows on screen. Pure: the page fetcher is
 * passed in.
 */
export interface ExportPage<T> {
  total: number;
  items: T[];
}

export async function collectAllPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<ExportPage<T>>,
  { pageSize, onProgress, signal }: { pageSize: number; onProgress?: (done: number, total: number) => void; signal?: AbortSignal },
): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += pageSize) {
    signal?.throwIfAborted();
    const page = await fetchPage(offset, pageSize);
    items.push(...page.items);
    onProgress?.(items.length, page.total);
    if (page.items.length < pageSize || items.length >= page.total) return items;
  }
}

/** Significant digits a CSV number keeps: more than any source value carries, without float noise. */
export const CSV_SIGNIFICANT_DIGITS = 12;

/**
 * A number to CSV_SIGNIFICANT_DIGITS (`0.12480867185715883` → `0.124808671857`), a flag as true or
 * false, a list of fields space-separated (`marketCap_usd peRatio`); other values as they are.
 */
function csvValue(value: unknown): unknown {
  if (typeof value === "number" && Number.isFinite(value)) return Number(value.toPrecision(CSV_SIGNIFICANT_DIGITS));
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.join(" ");
  return value ?? "";
}

/**
 * CSV cells: API values (decimals for ratios, raw dollars) so spreadsheets compute with them,
 * numbers to 12 significant digits. Each header is the API field name, then its label where it has
 * one (`peRatio: P/E (latest FY EPS)`), so that the basis of every number travels with the file.
 */
export function csvRecords(rows: Record<string, unknown>[], columns: string[], labels: Readonly<Record<string, string>> = {}): unknown[][] {
  const header = columns.map((c) => (labels[c] ? `${c}: ${labels[c]}` : c));
  return [header, ...rows.map((row) => columns.map((c) => csvValue(row[c])))];
}

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

/**
 * CSV cells: raw API values (decimals for ratios, raw dollars) so spreadsheets compute with them.
 * Each header is the API field name, then its label where it has one (`peRatio: P/E (latest FY
 * EPS)`), so that the basis of every number travels with the file.
 */
export function csvRecords(rows: Record<string, unknown>[], columns: string[], labels: Readonly<Record<string, string>> = {}): unknown[][] {
  const header = columns.map((c) => (labels[c] ? `${c}: ${labels[c]}` : c));
  return [header, ...rows.map((row) => columns.map((c) => row[c] ?? ""))];
}

/** Addresses of the app's pages, built in one place. Pure: safe to import from client components. */

const MAX_MARKED_QUERY_CHARS = 600;

/** A company's page (`/company/NYSE%3AIBM/`). */
export const companyHref = (fullTicker: string) => `/company/${encodeURIComponent(fullTicker)}/`;

/** The reader's address of a filing: a page, the passage of a hit (offsets in the filing text) and the queries to mark. */
export function readerHref(filingId: string, options: { page?: number | null; hit?: { start: number; end: number }; queries?: readonly string[] } = {}): string {
  const params = new URLSearchParams();
  if (options.page) params.set("page", String(options.page));
  if (options.hit) params.set("hit", `${options.hit.start}-${options.hit.end}`);
  // The words to mark, within a link of sane length (a URL over ~16 KB is refused by the server).
  let room = MAX_MARKED_QUERY_CHARS;
  for (const q of options.queries ?? []) {
    if (q.length > room) break;
    params.append("q", q);
    room -= q.length;
  }
  const query = params.toString();
  return `/filings/${encodeURIComponent(filingId)}/${query ? `?${query}` : ""}${options.hit ? "#hit" : ""}`;
}

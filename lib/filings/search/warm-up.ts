import { BackendError } from "@/lib/errors";
import { defaultSearchBackend, type SearchBackend } from "./backend";
import { runSearch } from "./run-search";

/**
 * What a first search loads, loaded ahead by one small hybrid search: the passage vectors (about 2 s
 * from a cold disk for the corpus's 104,116), the query embedder and the keyword index's pages.
 * Each query worker runs it at start: a cold first search took 4 s on an idle machine and passed
 * its 5-second deadline on a busy one. False when the index is unavailable (no database yet, or one
 * being built): the first search then loads it.
 */
export async function warmSearch(backend?: SearchBackend): Promise<boolean> {
  try {
    await runSearch({ queries: ["revenue growth"], results: 1, rerank: false, searchtype: "hybrid" }, backend ?? defaultSearchBackend());
    return true;
  } catch (error) {
    if (error instanceof BackendError) return false;
    throw error;
  }
}

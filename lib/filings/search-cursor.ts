import { createHash } from "node:crypto";
import { z } from "zod";
import { ValidationError } from "@/lib/errors";

/**
 * The v2 search's opaque cursor: how many hits earlier pages showed, and a fingerprint of the
 * request it belongs to, so a cursor is never applied to a different search (a 400 at /cursor
 * instead of a page of some other ranking). Pages are slices of one deterministic ranking, so
 * they tile without overlap.
 */
const CursorBody = z.strictObject({ offset: z.int().min(1), request: z.string() });

export function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ offset, request: fingerprint })).toString("base64url");
}

/** The offset a cursor stands for; a 400 at /cursor when it is not one this request's pages gave. */
export function decodeCursor(cursor: string, fingerprint: string, maxOffset: number): number {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    body = null;
  }
  const parsed = CursorBody.safeParse(body);
  const invalid = (message: string) => new ValidationError([{ pointer: "/cursor", message }]);
  if (!parsed.success || parsed.data.offset > maxOffset) throw invalid("is not a cursor this search gave: pass `next_cursor` of the previous page unchanged");
  if (parsed.data.request !== fingerprint) throw invalid("belongs to a different search: keep the request the same between pages (only `results` and `cursor` change)");
  return parsed.data.offset;
}

/** What identifies a search across its pages: the parsed request without `cursor` and `results`. */
export function searchFingerprint(request: Record<string, unknown>): string {
  const rest = Object.entries(request)
    .filter(([key]) => key !== "cursor" && key !== "results")
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash("sha256").update(JSON.stringify(rest)).digest("base64url").slice(0, 16);
}

/**
 * The columns a user chose, remembered in this browser: in localStorage (the record) and mirrored
 * in a cookie so the server renders the first page with them (no flash of other columns). Pure.
 */
export const COLUMNS_STORAGE_KEY = "screener.columns";
export const COLUMNS_COOKIE = "screener_columns";

/** A remembered column list, keeping only fields that still exist; null when there is none. */
export function parseColumns(text: string | null | undefined, knownFields: readonly string[]): string[] | null {
  if (!text) return null;
  const fields = decodeURIComponent(text)
    .split(",")
    .filter((f) => knownFields.includes(f));
  return fields.length > 0 ? fields : null;
}

export const columnsCookie = (fields: readonly string[]) =>
  `${COLUMNS_COOKIE}=${encodeURIComponent(fields.join(","))}; path=/; max-age=31536000; samesite=lax`;

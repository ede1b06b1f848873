/**
 * Reading and writing the app's page URLs (the screener's screen, the filing search, the reader).
 * Pure: the server pages and the browser read them the same way.
 */

/** A page's query parameters as the browser (`URLSearchParams`) or a server page (`searchParams`) has them. */
export type PageParams = URLSearchParams | Record<string, string | string[] | undefined>;

/** Every value of a parameter, in order. */
export function paramValues(params: PageParams, name: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(name);
  const value = params[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The first value of a parameter. */
export const paramValue = (params: PageParams, name: string): string | undefined => paramValues(params, name)[0];

/** A parameter holding a JSON object, or why it does not. */
function jsonParam(text: string): { value: unknown } | "not JSON" {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return "not JSON";
  }
}

export function jsonObjectParam(text: string): Record<string, unknown> | "not JSON" | "not an object" {
  const parsed = jsonParam(text);
  if (parsed === "not JSON") return parsed;
  return typeof parsed.value === "object" && parsed.value !== null && !Array.isArray(parsed.value) ? (parsed.value as Record<string, unknown>) : "not an object";
}

/** A JSON array in a URL parameter, or what is wrong with it. */
export function jsonArrayParam(text: string): unknown[] | "not JSON" | "not an array" {
  const parsed = jsonParam(text);
  if (parsed === "not JSON") return parsed;
  return Array.isArray(parsed.value) ? (parsed.value as unknown[]) : "not an array";
}

/**
 * A URL query (without "?") that keeps JSON punctuation readable in the address bar
 * (URLSearchParams escapes more than it must).
 */
export const readableQuery = (params: URLSearchParams) =>
  params.toString().replace(/%(2C|3A|5B|5D|7B|7D)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A dynamic route segment as text (`NYSE%3AIBM` → `NYSE:IBM`); a malformed escape is kept as it is. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The public API request that reproduces what a page shows: the "API request" panels of the
 * screener and the filing search, and the curl examples of /docs. Pure.
 */
export function publicApiRequest(origin: string, path: string, body: unknown) {
  const json = JSON.stringify(body, null, 2);
  const url = `${origin}${path}`;
  return { method: "POST" as const, path, url, json, curl: curlCommand("post", url, body) };
}

/** A curl command for one public API call, the key read from `$API_KEY`; a body is sent as JSON. */
export function curlCommand(method: "get" | "post" | "put" | "delete", url: string, body?: unknown): string {
  const lines = [`curl -sS -X ${method.toUpperCase()} ${shellWord(url)}`, `  -H "Authorization: Bearer $API_KEY"`];
  if (body !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellWord(JSON.stringify(body))}`);
  return lines.join(" \\\n");
}

/** `text` as one single-quoted shell word: a quote inside becomes '\'' (close, escaped quote, reopen). */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

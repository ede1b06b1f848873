/**
 * The public API request that reproduces what a page shows: the "API request" panels of the
 * screener and the filing search. Pure.
 */
export function publicApiRequest(origin: string, path: string, body: unknown) {
  const json = JSON.stringify(body, null, 2);
  // Single-quoted for the shell: a quote inside the body becomes '\'' (close, escaped quote, reopen).
  const shellBody = JSON.stringify(body).replaceAll("'", `'\\''`);
  const curl = [
    `curl -sS -X POST '${origin}${path}'`,
    `  -H "Authorization: Bearer $API_KEY"`,
    `  -H 'Content-Type: application/json'`,
    `  -d '${shellBody}'`,
  ].join(" \\\n");
  return { method: "POST" as const, path, url: `${origin}${path}`, json, curl };
}

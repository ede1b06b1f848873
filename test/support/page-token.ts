/**
 * The token a page of the app carries for its own endpoints (`/api/ui/...`, lib/auth/ui-token.ts),
 * fetched as a browser gets it: by loading a page (the landing page) from the same address.
 */
export async function pageToken(baseUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const html = await (await fetch(`${baseUrl}/`, { headers })).text();
  const token = /<meta name="ui-token" content="([^"]+)"/.exec(html)?.[1];
  if (token === undefined) throw new Error(`${baseUrl}/ carries no ui-token meta`);
  return token;
}

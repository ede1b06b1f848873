/** Retrying HTTP requests to outside services (SEC, the market-data provider): one policy for both. */

/** Statuses worth another attempt: rate limited, or the server's own failure. */
export const RETRYABLE = (status: number) => status === 429 || status >= 500;

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Waits before attempt `attempt + 1`: what Retry-After says, else `baseMs` doubled per attempt. */
export function backoff(attempt: number, retryAfter: string | null, baseMs: number): Promise<void> {
  const ms = retryAfterMs(retryAfter) ?? baseMs * 2 ** attempt;
  return new Promise((resolve) => setTimeout(resolve, ms));
}
